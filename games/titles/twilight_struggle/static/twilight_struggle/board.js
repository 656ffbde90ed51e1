/* Twilight Struggle board: the map behaviour of static/js/board_map.js for the
   countries (.c); a phone starts zoomed in. Loaded with the board; installs itself once. */
(function () {
  if (window.tsBoard) { window.tsBoard.refresh(); return; }
  window.tsBoard = window.boardMap({prefix: "ts", space: ".c",
    defaultZoom: function (width) { return width < 700 ? 3 : 1; }});
})();
