/* Map boards (Twilight Struggle, 1989): zoom kept across HTMX swaps, keyboard
   activation of clickable spaces, a reason when a space that is not a choice is
   clicked, and scrolling the map to the first choice. A title's board.js calls
   boardMap once with its class prefix ("ts": [data-ts-frame], [data-ts-choice],
   .ts-zoom, .ts-map, #ts-hint, --ts-zoom), the selector of a space inside its map
   and its default zoom for a frame width; the returned object's refresh() runs
   after every swap. Loaded in the page head, before any board. */
window.boardMap = function (settings) {
  var p = settings.prefix, choice = "[data-" + p + "-choice]";
  // Zoom 1 is "Fit": the whole map inside the frame; the others are widths relative to the frame.
  var ZOOMS = [1, 1.5, 2, 3, 4], key = p + "Zoom";
  function frame() { return document.querySelector("[data-" + p + "-frame]"); }
  function zoomIndex() {
    var saved = sessionStorage.getItem(key);
    if (saved !== null) { return Math.max(0, Math.min(ZOOMS.length - 1, +saved)); }
    var f = frame(), z = f ? settings.defaultZoom(f.clientWidth) : 1;
    return ZOOMS.indexOf(z) < 0 ? 0 : ZOOMS.indexOf(z);
  }
  function apply(keepCentre) {
    var f = frame(); if (!f) { return; }
    var cx = (f.scrollLeft + f.clientWidth / 2) / Math.max(1, f.scrollWidth);
    var cy = (f.scrollTop + f.clientHeight / 2) / Math.max(1, f.scrollHeight);
    f.style.setProperty("--" + p + "-zoom", ZOOMS[zoomIndex()]);
    f.dataset.zoom = zoomIndex() === 0 ? "fit" : String(ZOOMS[zoomIndex()]);
    if (keepCentre) {
      f.scrollLeft = cx * f.scrollWidth - f.clientWidth / 2;
      f.scrollTop = cy * f.scrollHeight - f.clientHeight / 2;
    }
  }
  function showChoice() {
    var f = frame(); if (!f) { return; }
    var first = f.querySelector(choice); if (!first) { return; }
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
    var zoom = event.target.closest("." + p + "-zoom");
    if (zoom) {
      var step = +zoom.dataset.zoom;
      var i = step === 0 ? 0 : Math.max(0, Math.min(ZOOMS.length - 1, zoomIndex() + step));
      sessionStorage.setItem(key, String(i)); apply(true); return;
    }
    var space = event.target.closest("." + p + "-map " + settings.space);
    if (space && !space.hasAttribute("data-" + p + "-choice")) {
      var hint = document.getElementById(p + "-hint"); if (!hint) { return; }
      var choosing = +(hint.dataset.choosing || 0);
      var text = JSON.parse(hint.dataset.text || "{}");  // translated by the server (the title's JS_TEXT)
      hint.textContent = (text.not_a_choice || "%(name)s").replace("%(name)s", space.dataset.name) + " " +
        ((choosing ? text.choose_highlighted : text.use_choices) || "");
    }
  });
  document.addEventListener("keydown", function (event) {
    var el = event.target.closest && event.target.closest(choice);
    if (el && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); el.dispatchEvent(new MouseEvent("click", {bubbles: true})); }
  });
  document.addEventListener("htmx:afterSettle", refresh);
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", refresh); } else { refresh(); }
  return { refresh: refresh };
};
