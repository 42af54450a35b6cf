// The colour theme (issue 21), before the first paint and for as long as the page is open: the
// `dark` class on <html> from the preference kept on this device or, without one, from the system
// setting, which it then follows live (and choices made in other tabs). lib/theme.ts in
// @pitlane/ui uses the same key and rules and applies a choice made with the switch.
// A classic script loaded blocking from <head> before the CSS, on purpose: a same-origin file
// passes the CSP `script-src 'self'` as it is, where an inline script would need its hash computed
// from every build's index.html and kept in step with the header; and living here rather than in
// the app's modules, it costs the first-load JS nothing.
(function () {
  var root = document.documentElement;
  var system = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function preference() {
    try {
      var stored = localStorage.getItem('pitlane-theme');
      return stored === 'light' || stored === 'dark' ? stored : 'system';
    } catch {
      return 'system'; // Storage blocked: follow the system.
    }
  }
  function apply() {
    var chosen = preference();
    var dark = chosen === 'dark' || (chosen === 'system' && !!system && system.matches);
    root.classList.toggle('dark', dark);
    // The browser's own chrome: with 'system' each tag's media query picks; a chosen theme rules both.
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    for (var i = 0; i < metas.length; i++) {
      var own = (metas[i].getAttribute('media') || '').indexOf('dark') >= 0;
      metas[i].setAttribute('content', (chosen === 'system' ? own : dark) ? '#111315' : '#ffffff');
    }
  }
  apply();
  if (system && system.addEventListener) system.addEventListener('change', apply);
  window.addEventListener('storage', function (event) {
    if (event.key === 'pitlane-theme' || event.key === null) apply();
  });
})();
