(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("page-data").textContent);
  var includeQuotes = document.getElementById("include-quotes");
  var minWords = document.getElementById("min-words");
  if (!includeQuotes || !minWords) return; // a later page of a long report: no copy toggles
  function included(m, dropped) {
    if (dropped[m.source]) return false;
    if (m.words < Number(minWords.value || 0)) return false;
    if (m.counted) return true;
    return m.exemption === "quoted" && includeQuotes.checked;
  }
  function recompute() {
    var dropped = {};
    document.querySelectorAll(".source-toggle").forEach(function (box) {
      if (!box.checked) dropped[box.getAttribute("data-source")] = true;
    });
    var words = new Set();
    data.matches.forEach(function (m) {
      if (included(m, dropped)) for (var i = m.word_start; i < m.word_end; i++) words.add(i);
    });
    var share = data.response_words ? words.size / data.response_words : 0;
    document.getElementById("share-now").textContent = (share * 100).toFixed(1) + "%";
    document.getElementById("share-now").setAttribute("data-share", String(share));
    return share;
  }
  document.querySelectorAll("#toggles input").forEach(function (el) { el.addEventListener("change", recompute); el.addEventListener("input", recompute); });
  window.verifierRecompute = recompute;
  recompute();
})();
