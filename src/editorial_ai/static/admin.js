// Progressive enhancement only: every page works without this file (forms POST and redirect,
// running pages refresh themselves). With it, run pages update live from server-sent events.
(function () {
  "use strict";

  function cell(text, cls) {
    var td = document.createElement("td");
    td.textContent = text;
    if (cls) td.className = cls;
    return td;
  }

  function rescaleBars(tbody) {
    var rows = tbody.querySelectorAll("tr");
    var max = 1;
    rows.forEach(function (row) { max = Math.max(max, Number(row.dataset.ms || row.children[3].textContent) || 0); });
    rows.forEach(function (row) {
      var ms = Number(row.dataset.ms || row.children[3].textContent) || 0;
      var bar = row.querySelector(".bar");
      if (bar) bar.style.width = Math.max(1, Math.round((100 * ms) / max)) + "%";
    });
  }

  function updateTotals(table) {
    var rows = table.querySelectorAll("tbody tr");
    var ms = 0, tokens = 0;
    rows.forEach(function (row) {
      ms += Number(row.children[3].textContent) || 0;
      tokens += Number(row.children[4].textContent) || 0;
    });
    var set = function (cls, value) { var el = table.querySelector("tfoot ." + cls); if (el) el.textContent = value; };
    set("sum-nodes", rows.length);
    set("sum-ms", Math.round(ms));
    set("sum-tokens", tokens);
  }

  // The run's gate states in the contents' vocabulary (models/status.py), as the server renders them.
  var RUN_STATUS_WORDS = { awaiting_approval: "pending", needs_human_review: "escalated", revising: "revision_requested" };

  function setBadge(status) {
    var holder = document.getElementById("run-badge");
    if (!holder || !status) return;
    status = RUN_STATUS_WORDS[status] || status;
    var badge = document.createElement("span");
    badge.className = "badge status-" + status;
    badge.textContent = status.replace(/_/g, " ");
    holder.replaceChildren(badge);
  }

  function addRunning(tbody, node) {
    var row = document.createElement("tr");
    row.className = "node-running";
    row.dataset.node = node;
    row.appendChild(cell(String(tbody.children.length + 1), "muted"));
    row.appendChild(cell(node));
    row.appendChild(cell("running…"));
    row.appendChild(cell("", "num"));
    row.appendChild(cell("", "num"));
    row.appendChild(cell("", "muted small"));
    var barCell = cell("", "bar-col");
    var bar = document.createElement("span");
    bar.className = "bar";
    bar.style.width = "1%";
    barCell.appendChild(bar);
    row.appendChild(barCell);
    tbody.appendChild(row);
  }

  function complete(tbody, data) {
    var rows = tbody.querySelectorAll("tr.node-running");
    var row = rows.length ? rows[rows.length - 1] : null;
    if (!row) { addRunning(tbody, data.node); row = tbody.lastElementChild; }
    row.className = "node-" + data.status;
    row.dataset.ms = data.duration_ms;
    row.children[2].textContent = data.status === "interrupted" ? "waiting for human" : data.status;
    row.children[3].textContent = Math.round(data.duration_ms || 0);
    row.children[4].textContent = data.total_tokens || 0;
    row.children[5].textContent = (data.models || []).join(", ");
    rescaleBars(tbody);
    updateTotals(tbody.parentNode);
  }

  function followRun(section) {
    var state = document.getElementById("run-state");
    var tbody = document.querySelector("#timeline tbody");
    var progress = document.getElementById("progress");
    var url = section.dataset.events + "?after=" + encodeURIComponent(section.dataset.after || "0");
    var source = new EventSource(url);
    source.addEventListener("node_enter", function (e) {
      var data = JSON.parse(e.data);
      addRunning(tbody, data.node);
      updateTotals(tbody.parentNode);
      var label = progress ? progressEnter(progress, data.node) : data.node;
      setBadge("running");
      state.innerHTML = "";
      var spin = document.createElement("span");
      spin.className = "spinner";
      state.appendChild(spin);
      state.appendChild(document.createTextNode(" "));
      var strong = document.createElement("strong");
      strong.id = "current-node";
      strong.textContent = label;
      state.appendChild(strong);
    });
    source.addEventListener("node_complete", function (e) {
      var data = JSON.parse(e.data);
      complete(tbody, data);
      if (progress) progressComplete(progress, data);
    });
    source.addEventListener("done", function (e) {
      source.close();
      var data = JSON.parse(e.data);
      setBadge(data.pipeline_status);
      if (progress) settleProgress(progress, data);
      var label = data.waiting_for_human ? "Waiting for a decision." : "Stopped (" + String(data.pipeline_status || "").replace(/_/g, " ") + ").";
      state.textContent = data.error ? label + " " + data.error : label;
      state.dataset.done = "true";
      if (data.content_id) {
        var link = document.getElementById("open-content");
        link.href = "/admin/contents/" + data.content_id;
        document.getElementById("run-next").hidden = false;
      }
    });
  }

  function reloadWhenDone(el) {
    var source = new EventSource(el.dataset.events + "?after=" + encodeURIComponent(el.dataset.after || "0"));
    source.addEventListener("done", function () { source.close(); window.location.reload(); });
  }

  // --- progress in words -----------------------------------------------------------------------------

  var STEP_NAMES = {};

  function stepName(node, attempt) {
    var template = STEP_NAMES[node];
    if (!template) { var words = node.replace(/_/g, " "); return words.charAt(0).toUpperCase() + words.slice(1); }
    return template.replace("{attempt}", String(Math.max(attempt, 1)));
  }

  function formatSeconds(s) {
    if (s < 60) return Math.floor(s) + " s";
    return Math.floor(s / 60) + " min " + String(Math.floor(s % 60)).padStart(2, "0") + " s";
  }

  function tickElapsed() {
    document.querySelectorAll(".step-running").forEach(function (step) {
      var started = Date.parse(step.dataset.started || "") || Number(step.dataset.startedMs) || 0;
      if (!started) { started = Date.now(); step.dataset.startedMs = String(started); }
      var el = step.querySelector(".elapsed");
      if (el) el.textContent = formatSeconds(Math.max(0, (Date.now() - started) / 1000)) + " so far";
    });
  }

  function currentAttempt(list) {
    var groups = list.querySelectorAll(".progress-group");
    return groups.length ? Number(groups[groups.length - 1].dataset.attempt) || 0 : 0;
  }

  function stepGroup(list, attempt) {
    var groups = list.querySelectorAll(".progress-group");
    var last = groups.length ? groups[groups.length - 1] : null;
    if (last && Number(last.dataset.attempt) === attempt) return last.querySelector(".steps");
    var empty = list.querySelector("li.muted");
    if (empty) empty.remove();
    var group = document.createElement("li");
    group.className = "progress-group";
    group.dataset.attempt = String(attempt);
    var h = document.createElement("h3");
    h.textContent = attempt ? "Draft " + attempt : "Preparing";
    var ul = document.createElement("ul");
    ul.className = "steps";
    group.appendChild(h);
    group.appendChild(ul);
    list.appendChild(group);
    return ul;
  }

  function span(cls, text) { var el = document.createElement("span"); el.className = cls; el.textContent = text || ""; return el; }

  function progressEnter(list, node) {
    var attempt = currentAttempt(list) + ((node === "editorial" || node === "exam_generate") ? 1 : 0);
    // A pause at the gate that a decision ended is history: it is not still waiting. A row still "running" for
    // this node is one the page was rendered with before the stream caught up: the event replaces it.
    list.querySelectorAll(".step-waiting-for-an-editor").forEach(function (el) { el.remove(); });
    list.querySelectorAll('.step-running[data-node="' + node + '"]').forEach(function (el) { el.remove(); });
    settleDecision(list);
    var step = document.createElement("li");
    step.className = "step step-running";
    step.dataset.node = node;
    step.dataset.startedMs = String(Date.now());
    step.appendChild(span("step-name", stepName(node, attempt)));
    step.appendChild(span("step-status", "running"));
    var time = span("step-time muted small", "");
    time.appendChild(span("elapsed", "0 s so far"));
    step.appendChild(time);
    stepGroup(list, attempt).appendChild(step);
    return stepName(node, attempt);
  }

  // The gate's row while a decision resumes the run: once any other step starts, the decision was taken.
  function settleDecision(list) {
    list.querySelectorAll('.step-running[data-node="human_decision"]').forEach(function (el) {
      el.className = "step step-decided";
      el.querySelector(".step-status").textContent = "decided";
      el.querySelector(".step-time").textContent = "";
    });
  }

  // When the stream says the run stopped, nothing on the page is running any more.
  function settleProgress(list, data) {
    list.querySelectorAll(".step-running").forEach(function (el) {
      var waiting = el.dataset.node === "human_decision" && data.waiting_for_human;
      var word = waiting ? "waiting for an editor" : "stopped";
      el.className = "step step-" + word.replace(/ /g, "-");
      el.querySelector(".step-status").textContent = word;
      el.querySelector(".step-time").textContent = "";
    });
  }

  function progressComplete(list, data) {
    var running = list.querySelectorAll('.step-running[data-node="' + data.node + '"]');
    var step = running.length ? running[running.length - 1] : null;
    if (!step) {
      progressEnter(list, data.node);
      running = list.querySelectorAll('.step-running[data-node="' + data.node + '"]');
      step = running.length ? running[running.length - 1] : null;
    }
    if (!step) return;
    var word = { success: "done", error: "failed", interrupted: "waiting for an editor" }[data.status] || data.status;
    if (data.status === "success" && (data.outcome === "pass" || data.outcome === "fail")) word = data.outcome;
    if (data.status === "success" && data.node === "human_decision") word = "decided";
    step.className = "step step-" + word.replace(/ /g, "-");
    step.querySelector(".step-status").textContent = word;
    step.querySelector(".step-time").textContent = ((data.duration_ms || 0) / 1000).toFixed(1) + " s";
    if (data.error) step.appendChild(span("step-error small", data.error));
  }

  document.addEventListener("DOMContentLoaded", function () {
    // A second click while the first POST is on its way would only earn a 409.
    document.querySelectorAll("form").forEach(function (form) {
      form.addEventListener("submit", function () {
        var button = form.querySelector("button");
        if (button) setTimeout(function () { button.disabled = true; }, 0);
      });
    });
    var names = document.getElementById("step-names");
    if (names) STEP_NAMES = JSON.parse(names.textContent || "{}");
    tickElapsed();
    setInterval(tickElapsed, 1000);
    var run = document.getElementById("run");
    var watcher = document.querySelector("[data-reload-on-done]");
    if (!window.EventSource) {
      if ((run && run.dataset.running === "true") || watcher) setTimeout(function () { window.location.reload(); }, 2000);
      return;
    }
    if (run && run.dataset.running === "true") followRun(run);
    if (watcher) reloadWhenDone(watcher);
  });
})();
