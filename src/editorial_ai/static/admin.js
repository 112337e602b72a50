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

  function setBadge(status) {
    var holder = document.getElementById("run-badge");
    if (!holder || !status) return;
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
    var url = section.dataset.events + "?after=" + encodeURIComponent(section.dataset.after || "0");
    var source = new EventSource(url);
    source.addEventListener("node_enter", function (e) {
      var data = JSON.parse(e.data);
      addRunning(tbody, data.node);
      updateTotals(tbody.parentNode);
      setBadge("running");
      state.innerHTML = "";
      var spin = document.createElement("span");
      spin.className = "spinner";
      state.appendChild(spin);
      state.appendChild(document.createTextNode(" Running: "));
      var strong = document.createElement("strong");
      strong.id = "current-node";
      strong.textContent = data.node;
      state.appendChild(strong);
    });
    source.addEventListener("node_complete", function (e) { complete(tbody, JSON.parse(e.data)); });
    source.addEventListener("done", function (e) {
      source.close();
      var data = JSON.parse(e.data);
      setBadge(data.pipeline_status);
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

  document.addEventListener("DOMContentLoaded", function () {
    // A second click while the first POST is on its way would only earn a 409.
    document.querySelectorAll("form").forEach(function (form) {
      form.addEventListener("submit", function () {
        var button = form.querySelector("button");
        if (button) setTimeout(function () { button.disabled = true; }, 0);
      });
    });
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
