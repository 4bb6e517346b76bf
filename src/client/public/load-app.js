// Starts the app's scripts just after the first paint of a page the build drew into its document (/auth, decision
// 033): the drawn page needs only the stylesheet and fonts to show, so the scripts do not compete with them. The
// document names the entry and its static imports (`data-entry`, `data-preloads`); a file, not inline, for the CSP.
(function () {
  var me = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var preloads = (me.getAttribute('data-preloads') || '').split(' ');
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = me.getAttribute('data-entry');
    document.head.appendChild(script);
  }
  // A hidden tab paints nothing (and runs no animation frames): start at once.
  if (document.visibilityState !== 'visible' || typeof requestAnimationFrame !== 'function') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
