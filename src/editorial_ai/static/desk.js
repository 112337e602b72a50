// The review desk's keyboard shortcuts, every checked claim marked in the article with its evidence shown beside it
// (split view at desktop width, under its paragraph on a phone), and the phone's decision bar: progressive
// enhancement only, every action is also a form that works without this file.
(function () {
  "use strict";

  // --- every checked claim marked in the article, its evidence shown beside it --------------------------

  function markClaim(root, claim) {
    var text = claim.dataset.claim;
    if (!text || text.length < 8) return false;
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentNode.closest && node.parentNode.closest("a.mark")) continue;
      var at = node.nodeValue.indexOf(text);
      if (at < 0) continue;
      var range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      var mark = document.createElement("a");
      mark.className = "mark mark-" + claim.dataset.verdict;
      mark.href = "#" + claim.id;
      mark.dataset.claimId = claim.id;
      mark.title = claim.dataset.verdict.replace("-", " ") + (claim.dataset.problems ? ": " + claim.dataset.problems : "");
      range.surroundContents(mark);
      return true;
    }
    return false;
  }

  var WIDE = window.matchMedia ? window.matchMedia("(min-width: 961px)") : { matches: true };

  function evidenceCopy(claim) {
    var copy = claim.cloneNode(true);
    copy.removeAttribute("id");
    var form = document.getElementById("sentence-comments");
    if (form) {  // a draft awaiting a decision: the sentence can be commented on from here
      var button = document.createElement("button");
      button.type = "button";
      button.className = "btn btn-small comment-this";
      button.textContent = "Comment on this sentence";
      button.addEventListener("click", function () { commentOn(claim.dataset.claim); });
      copy.appendChild(button);
    }
    return copy;
  }

  // Put the sentence into the revision form's next free comment row and let the editor write what to change.
  function commentOn(sentence) {
    var block = document.getElementById("revise-block");
    if (block) block.open = true;
    var rows = document.querySelectorAll("#sentence-comments .comment-row");
    for (var i = 0; i < rows.length; i++) {
      var field = rows[i].querySelector(".comment-sentence");
      if (!field.value.trim() || field.value.trim() === sentence) {
        field.value = sentence;
        var text = rows[i].querySelector(".comment-text");
        text.scrollIntoView({ block: "center" });
        text.focus();
        return;
      }
    }
  }

  function showEvidence(mark) {
    var claim = document.getElementById(mark.dataset.claimId);
    if (!claim) return;
    document.querySelectorAll(".article-frame .mark.selected").forEach(function (m) { m.classList.remove("selected"); });
    mark.classList.add("selected");
    if (WIDE.matches) {  // split view: the side column, beside the article, shows the sentence's evidence
      var beside = document.getElementById("evidence-beside");
      if (!beside) return;
      var body = beside.querySelector(".evidence-beside-body");
      body.innerHTML = "";
      body.appendChild(evidenceCopy(claim));
      beside.hidden = false;
      beside.scrollIntoView({ block: "nearest" });
      return;
    }
    // A phone: the evidence opens right under the paragraph that holds the sentence (tap again to close).
    var block = mark.closest("p, li, blockquote, figcaption, h1, h2, h3") || mark.parentNode;
    var next = block.nextElementSibling;
    if (next && next.classList.contains("evidence-inline")) {
      var same = next.dataset.claimId === mark.dataset.claimId;
      next.remove();
      if (same) { mark.classList.remove("selected"); return; }
    }
    // One open note at a time: the sentence tapped last.
    document.querySelectorAll(".evidence-inline").forEach(function (el) { el.remove(); });
    var inline = document.createElement("div");
    inline.className = "evidence-inline";
    inline.dataset.claimId = mark.dataset.claimId;
    inline.setAttribute("role", "note");
    inline.appendChild(evidenceCopy(claim));
    block.parentNode.insertBefore(inline, block.nextSibling);
  }

  function markClaims() {
    var article = document.querySelector(".article-frame");
    if (!article) return;
    document.querySelectorAll("#evidence .claim").forEach(function (claim) { markClaim(article, claim); });
    article.addEventListener("click", function (e) {
      var mark = e.target.closest && e.target.closest("a.mark");
      if (!mark) return;
      e.preventDefault();
      showEvidence(mark);
    });
  }

  function decisionBar() {
    var bar = document.getElementById("decision-bar");
    if (!bar) return;
    bar.querySelectorAll("[data-open]").forEach(function (link) {
      link.addEventListener("click", function () {
        var block = document.getElementById(link.dataset.open);
        if (block) block.open = true;
      });
    });
    var approve = document.getElementById("bar-approve");
    var desk = document.getElementById("desk");
    if (approve && desk && desk.dataset.confirm === "true") {
      approve.addEventListener("click", function (e) {  // a flagged draft: the box and the note first
        var box = document.getElementById("confirm");
        if (box && !box.checked) {
          e.preventDefault();
          box.scrollIntoView({ block: "center" });
          box.focus();
          document.getElementById("approve-form").classList.add("attention");
        }
      });
    }
  }

  // --- keyboard ------------------------------------------------------------------------------------

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  function helpDialog() {
    var dialog = document.getElementById("keys-help");
    if (dialog && dialog.showModal && !dialog.open) dialog.showModal();
  }

  function queueKeys(table) {
    var rows = Array.prototype.slice.call(table.querySelectorAll("tbody tr"));
    var at = -1;
    function select(i) {
      if (!rows.length) return;
      at = Math.max(0, Math.min(rows.length - 1, i));
      rows.forEach(function (r, j) { r.classList.toggle("selected", j === at); });
      rows[at].scrollIntoView({ block: "nearest" });
    }
    return function (key) {
      if (key === "j") { select(at + 1); return true; }
      if (key === "k") { select(at < 0 ? 0 : at - 1); return true; }
      if ((key === "o" || key === "Enter") && at >= 0) { window.location.href = rows[at].dataset.href; return true; }
      if (key === "x" && at >= 0) {
        var box = rows[at].querySelector("input[type=checkbox]");
        if (box) box.checked = !box.checked;
        return true;
      }
      if ((key === "a" || key === "r" || key === "e") && at >= 0) {
        window.location.href = rows[at].dataset.href + "#key-" + key;
        return true;
      }
      return false;
    };
  }

  function openForm(blockId, fieldSelector) {
    var block = document.getElementById(blockId);
    if (!block) return;
    block.open = true;
    var field = block.querySelector(fieldSelector);
    if (field) { field.focus(); field.scrollIntoView({ block: "center" }); }
  }

  var leaving = false;  // a decision is on its way: further keys would only send it twice (409)
  window.addEventListener("pageshow", function () { leaving = false; });

  function deskKeys(desk) {
    return function (key) {
      if (leaving) return true;
      if (key === "j" && desk.dataset.next) { leaving = true; window.location.href = "/admin/contents/" + desk.dataset.next; return true; }
      if (key === "k" && desk.dataset.prev) { leaving = true; window.location.href = "/admin/contents/" + desk.dataset.prev; return true; }
      if (desk.dataset.awaiting !== "true") return false;
      if (key === "a") {
        var form = document.getElementById("approve-form");
        if (!form) return false;
        if (desk.dataset.confirm === "true") {
          var box = document.getElementById("confirm");
          box.focus();
          box.scrollIntoView({ block: "center" });
          form.classList.add("attention");
        } else {
          leaving = true;
          form.requestSubmit();
        }
        return true;
      }
      if (key === "r") { openForm("reject-block", "textarea[name=reason]"); return true; }
      if (key === "e") { openForm("revise-block", "textarea[name=feedback]"); return true; }
      return false;
    };
  }

  function setupKeys() {
    var table = document.getElementById("queue");
    var desk = document.getElementById("desk");
    var handler = table ? queueKeys(table) : desk ? deskKeys(desk) : null;
    document.addEventListener("keydown", function (e) {
      if (e.ctrlKey && e.key === "Enter" && typing(e.target) && e.target.form) {
        e.preventDefault();
        e.target.form.requestSubmit();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      if (e.key === "?") { e.preventDefault(); helpDialog(); return; }
      if (handler && handler(e.key)) e.preventDefault();
    });
    // A key pressed on a queue row (a/r/e) opens the item and then acts there.
    var hash = window.location.hash.match(/^#key-([are])$/);
    if (desk && hash) {
      history.replaceState(null, "", window.location.pathname + window.location.search);
      deskKeys(desk)(hash[1]);
    }
  }

  // While the item stays open, tell the server every two minutes: the others keep seeing "in review by".
  function heartbeat() {
    var desk = document.getElementById("desk");
    var token = document.querySelector("input[name=csrf_token]");
    if (!desk || !token || !window.fetch) return;
    setInterval(function () {
      if (document.visibilityState !== "visible") return;
      var body = new FormData();
      body.append("csrf_token", token.value);
      fetch("/admin/contents/" + desk.dataset.content + "/reading", { method: "POST", body: body, credentials: "same-origin" });
    }, 120000);
  }

  document.addEventListener("DOMContentLoaded", function () {
    heartbeat();
    setupKeys();
    markClaims();
    decisionBar();
  });
})();
