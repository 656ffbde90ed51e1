/* 1989 board: map zoom (kept across HTMX swaps), keyboard activation of
   clickable spaces, a reason when a space that is not a choice is clicked, and
   scrolling the map to the first choice. Loaded with the board; installs itself once. */
(function () {
  if (window.dofBoard) { window.dofBoard.refresh(); return; }
  // Zoom 1 is "Fit": the whole map inside the frame (CSS caps its height so the map
  // fits beside the action bar); the others are widths relative to the frame.
  var ZOOMS = [1, 1.5, 2, 3, 4];
  function frame() { return document.querySelector("[data-dof-frame]"); }
  // 75 spaces: a phone starts close in (3x), a desktop column narrower than the map at 1.5x
  // (names readable, the first choice scrolled into view); "Fit" shows the whole map.
  function defaultZoom() { var f = frame(); if (!f) { return 1; } return f.clientWidth < 700 ? 3 : f.clientWidth < 1300 ? 1.5 : 1; }
  function zoomIndex() {
    var saved = sessionStorage.getItem("dofZoom");
    if (saved !== null) { return Math.max(0, Math.min(ZOOMS.length - 1, +saved)); }
    var z = defaultZoom(); return ZOOMS.indexOf(z) < 0 ? 0 : ZOOMS.indexOf(z);
  }
  function apply(keepCentre) {
    var f = frame(); if (!f) { return; }
    var cx = (f.scrollLeft + f.clientWidth / 2) / Math.max(1, f.scrollWidth);
    var cy = (f.scrollTop + f.clientHeight / 2) / Math.max(1, f.scrollHeight);
    f.style.setProperty("--dof-zoom", ZOOMS[zoomIndex()]);
    f.dataset.zoom = zoomIndex() === 0 ? "fit" : String(ZOOMS[zoomIndex()]);
    if (keepCentre) {
      f.scrollLeft = cx * f.scrollWidth - f.clientWidth / 2;
      f.scrollTop = cy * f.scrollHeight - f.clientHeight / 2;
    }
  }
  function showChoice() {
    var f = frame(); if (!f) { return; }
    var first = f.querySelector("[data-dof-choice]"); if (!first) { return; }
    var fr = f.getBoundingClientRect(), r = first.getBoundingClientRect();
    if (r.left < fr.left || r.right > fr.right || r.top < fr.top || r.bottom > fr.bottom) {
      f.scrollLeft += r.left - fr.left - fr.width / 2 + r.width / 2;
      f.scrollTop += r.top - fr.top - fr.height / 2 + r.height / 2;
    }
  }
  function scrollLog() {
    var log = document.querySelector(".game-log"); if (log) { log.scrollTop = log.scrollHeight; }
  }
  function refresh() { apply(false); showChoice(); scrollLog(); }
  document.addEventListener("click", function (event) {
    var zoom = event.target.closest(".dof-zoom");
    if (zoom) {
      var step = +zoom.dataset.zoom;
      var i = step === 0 ? 0 : Math.max(0, Math.min(ZOOMS.length - 1, zoomIndex() + step));
      sessionStorage.setItem("dofZoom", String(i)); apply(true); return;
    }
    var space = event.target.closest(".dof-map .sp");
    if (space && !space.hasAttribute("data-dof-choice")) {
      var hint = document.getElementById("dof-hint"); if (!hint) { return; }
      var choosing = +(hint.dataset.choosing || 0);
      var text = JSON.parse(hint.dataset.text || "{}");  // translated by the server (dof_board.JS_TEXT)
      hint.textContent = (text.not_a_choice || "%(name)s").replace("%(name)s", space.dataset.name) + " " +
        ((choosing ? text.choose_highlighted : text.use_choices) || "");
    }
  });
  document.addEventListener("keydown", function (event) {
    var el = event.target.closest && event.target.closest("[data-dof-choice]");
    if (el && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); el.dispatchEvent(new MouseEvent("click", {bubbles: true})); }
  });
  document.addEventListener("htmx:afterSettle", refresh);
  window.dofBoard = { refresh: refresh };
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", refresh); } else { refresh(); }
})();
