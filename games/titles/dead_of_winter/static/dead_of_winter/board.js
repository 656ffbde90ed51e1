/* Dead of Winter table page: the panel is re-rendered after every move (HTMX), which
   would close every open survivor ability; remember which were open and reopen them.
   The buttons are ordinary forms, so the page works without this script. */
(function () {
  if (window.dowBoard) { window.dowBoard.restore(); return; }
  var open = {};
  function key(details) {
    var item = details.closest("[data-survivor]");
    return item ? item.dataset.survivor : null;
  }
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.classList || !details.classList.contains("dow-ability")) { return; }
    var k = key(details); if (k === null) { return; }
    if (details.open) { open[k] = true; } else { delete open[k]; }
  }, true);
  function restore() {
    document.querySelectorAll("[data-dow-board] [data-survivor] .dow-ability").forEach(function (d) {
      if (open[key(d)]) { d.open = true; }
    });
  }
  document.addEventListener("htmx:afterSettle", restore);
  window.dowBoard = { restore: restore };
})();
