// The web app's one script: a running check's progress, polled once a second; when the
// check ends the page reloads and shows its report. Without JavaScript the page
// refreshes itself (a <noscript> meta refresh). It reads only numbers and a state.
(function () {
  "use strict";
  var box = document.getElementById("progress");
  if (!box) { return; }
  var url = box.getAttribute("data-poll");
  var ended = { done: true, failed: true, cancelled: true };
  function set(id, value) {
    var el = document.getElementById(id);
    if (el) { el.textContent = String(value); }
  }
  function show(d) {
    set("phase", d.phase || d.state);
    set("claims-done", d.claims_done);
    set("claims-total", d.claims_total);
    set("searches", d.searches);
    set("elapsed", d.elapsed_s);
    set("state", d.state);
    var bar = document.getElementById("claims-bar");
    if (bar) {
      bar.max = Math.max(1, d.claims_total);
      bar.value = d.claims_done;
      bar.textContent = d.claims_done + " of " + d.claims_total;
    }
  }
  function later() { window.setTimeout(poll, 1000); }
  function poll() {
    fetch(url, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) {
        if (!d) { later(); return; }
        show(d);
        if (ended[d.state]) { window.location.reload(); return; }
        later();
      })
      .catch(later);
  }
  later();
})();
