// Counts down every <time data-countdown datetime="..."> once a minute.
(function () {
  function text(ms) {
    if (ms <= 0) return "0m";
    var m = Math.floor(ms / 60000), d = Math.floor(m / 1440), h = Math.floor((m % 1440) / 60);
    return d ? d + "d " + h + "h" : (h ? h + "h " + (m % 60) + "m" : (m % 60) + "m");
  }
  function tick() {
    document.querySelectorAll("time[data-countdown]").forEach(function (el) {
      el.textContent = text(new Date(el.getAttribute("datetime")) - new Date());
    });
  }
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSwap", tick);
  setInterval(tick, 60000);
})();
