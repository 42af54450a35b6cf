// A page the server drew (apps/web/src/first-screen, issue 22), before the app has taken it over.
// Loaded by drawn pages only, `async` (render.tsx): it runs as soon as it has arrived, often while
// the page itself is still arriving (the first card shows before the replies written after it),
// so that presses are held from then on, and it never holds up the first paint. A press before it
// has run is lost, as on any page before its script. A classic same-origin script, as
// theme-init.js and for its reasons (the CSP's `script-src 'self'`).
//
// - It starts the app once the page's first photo has been painted (on a page without one, its
//   first content). The app's code (its entry and the files the page loads first, ~130 KB) is in
//   the page inside an inert <template>: fetched beside the photo, it would share a phone's
//   bandwidth with it and delay the largest thing on the screen. Started at the latest after
//   START_AT_THE_LATEST_MS, should the photo hang or not be the largest thing painted.
// - Such a page can be read at once, but its buttons do nothing until React has hydrated it, now
//   later still: it holds those presses, and the app presses the same buttons again once it has
//   the page (src/first-screen/early-presses.ts). Links are left alone: they work without the
//   app, as page loads.
(function () {
  /** The presses held, in order, until the app takes them (then null: nothing more is held). */
  var held = [];

  /**
   * The nearest named element around `button` (an id, or the aria-labelledby a card has), or #root:
   * the app may redraw the button itself (a stand-in replaced) and removes the layout the screen
   * does not show (the sidebar on a phone), so positions are counted from there, not from #root.
   */
  function anchorOf(root, button) {
    for (var node = button.parentElement; node && node !== root; node = node.parentElement) {
      if (node.id) return { name: 'id', value: node.id, element: node };
      var labelledBy = node.getAttribute('aria-labelledby');
      if (labelledBy) return { name: 'aria-labelledby', value: labelledBy, element: node };
    }
    return { name: null, value: null, element: root };
  }

  /** Where `element` is under `anchor`, as child positions. */
  function pathOf(anchor, element) {
    var path = [];
    for (var node = element; node && node !== anchor; node = node.parentElement) {
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return path;
  }

  document.addEventListener(
    'click',
    function (event) {
      if (held === null) return;
      var root = document.getElementById('root');
      var target = event.target;
      var button = target && target.closest ? target.closest('button') : null;
      if (!root || !button || !root.contains(button) || button.disabled) return;
      // Nothing else sees it (a submit button's form would be sent by the browser, reloading the page).
      event.preventDefault();
      event.stopPropagation();
      var anchor = anchorOf(root, button);
      held.push({
        button: button,
        anchor: { name: anchor.name, value: anchor.value },
        path: pathOf(anchor.element, button),
        label: button.getAttribute('aria-label') || button.textContent,
      });
    },
    true,
  );

  var START_AT_THE_LATEST_MS = 2500;
  var started = false;
  /** The app's code, taken out of its <template> into the page: the browser fetches and runs it. */
  function startApp() {
    var code = document.getElementById('app-code');
    if (started || !code) return;
    started = true;
    code.remove();
    document.head.appendChild(document.importNode(code.content, true));
  }
  /**
   * Starts the app once `photo` has been painted, or without one the page's first content:
   * Chromium says when (a largest-contentful-paint entry for the photo, or the first one; a frame
   * after the photo's load event came too early there: the first paint was still to come);
   * elsewhere a frame after the photo's load, or the next frame. A photo that fails is never
   * painted. A tab opened in the background paints nothing: START_AT_THE_LATEST_MS starts it.
   */
  function startAfterPainting(photo) {
    var after = function () {
      setTimeout(startApp, 0);
    };
    if (photo) photo.addEventListener('error', after);
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('largest-contentful-paint') >= 0) {
      var observer = new PerformanceObserver(function (list) {
        var painted = list.getEntries().some(function (entry) {
          return !photo || entry.element === photo;
        });
        if (!painted) return;
        observer.disconnect();
        after();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } else if (!photo || photo.complete) {
      requestAnimationFrame(after);
    } else {
      photo.addEventListener('load', function () {
        requestAnimationFrame(after);
      });
    }
  }
  /** Once the page has been read (this script may run while it is still arriving). */
  function whenRead() {
    startAfterPainting(document.querySelector('#root img[fetchpriority="high"]'));
    setTimeout(startApp, START_AT_THE_LATEST_MS);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenRead);
  else whenRead();

  /** The presses held so far, once; from then on the page's presses are the app's. */
  window.pitlaneEarlyPresses = function () {
    var presses = held || [];
    held = null;
    return presses;
  };
})();
