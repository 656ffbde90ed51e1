/* 1989 board: the map behaviour of static/js/board_map.js for the spaces (.sp).
   75 spaces: a phone starts close in (3x), a desktop column narrower than the map
   at 1.5x (names readable, the first choice scrolled into view); "Fit" shows the
   whole map. Loaded with the board; installs itself once. */
(function () {
  if (window.dofBoard) { window.dofBoard.refresh(); return; }
  window.dofBoard = window.boardMap({prefix: "dof", space: ".sp",
    defaultZoom: function (width) { return width < 700 ? 3 : 1; }});  // a phone: legible spaces; else Fit
})();
