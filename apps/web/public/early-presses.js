// Presses on a page the server drew (apps/web/src/first-screen, issue 22) before the app has taken
// it over. Such a page can be read at once, but its buttons do nothing until React has hydrated
// it: a second or more on a slow phone, during which a like or a "Save post" was lost. This file
// holds those presses; the app presses the same buttons again once it has the page
// (src/first-screen/early-presses.ts). Links are left alone: they work without the app, as page
// loads.
//
// Loaded by drawn pages only, `defer` and ahead of the app's module in <head> (render.tsx): it runs
// when the page has been read, before the app's code, whatever arrives first. A classic
// same-origin script, as theme-init.js and for its reasons (the CSP's `script-src 'self'`).
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

  /** The presses held so far, once; from then on the page's presses are the app's. */
  window.pitlaneEarlyPresses = function () {
    var presses = held || [];
    held = null;
    return presses;
  };
})();
