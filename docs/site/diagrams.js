// The site's own script (TypeDoc's `customJs`): draws every mermaid code block of the page as a
// diagram, in the browser. The mermaid bundle is a local file next to this one (copied there by
// docs/site/plugin.mjs), loaded only on pages that have a diagram: no network is needed.
(function drawDiagrams() {
  "use strict";
  var script = document.currentScript;
  var bundle = script && script.src ? new URL("mermaid.min.js", script.src).href : "assets/mermaid.min.js";

  function blocks() {
    return Array.prototype.slice.call(document.querySelectorAll("pre > code.mermaid, pre > code.language-mermaid"));
  }
  function dark() {
    var chosen = document.documentElement.dataset.theme;
    if (chosen === "dark") return true;
    if (chosen === "light") return false;
    return window.matchMedia("(prefers-color-scheme: dark)").matches;
  }
  function draw(found) {
    var nodes = found.map(function (code) {
      var box = document.createElement("div");
      box.className = "mermaid";
      box.textContent = code.textContent;
      code.parentElement.replaceWith(box);
      return box;
    });
    // The page says when its diagrams are done (or failed), for anyone waiting on them.
    window.mermaid
      .run({ nodes: nodes })
      .then(function () {
        document.documentElement.setAttribute("data-diagrams", "drawn");
      })
      .catch(function (error) {
        document.documentElement.setAttribute("data-diagrams", "failed");
        console.error("a diagram could not be drawn:", error);
      });
  }
  // TypeDoc hides the page (body display: none) until its own script shows it; mermaid cannot
  // measure text in a hidden page, so a bundle that loads first (from the browser's cache) waits.
  function whenShown(then) {
    if (document.body.style.display !== "none") return then();
    var watcher = new MutationObserver(function () {
      if (document.body.style.display === "none") return;
      watcher.disconnect();
      then();
    });
    watcher.observe(document.body, { attributes: true, attributeFilter: ["style"] });
  }
  function start() {
    var found = blocks();
    if (found.length === 0) return;
    var tag = document.createElement("script");
    tag.src = bundle;
    tag.onload = function () {
      // At once: left to itself, mermaid would draw the page's code blocks in place on "load".
      window.mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: dark() ? "dark" : "default" });
      whenShown(function () {
        draw(found);
      });
    };
    tag.onerror = function () {
      document.documentElement.setAttribute("data-diagrams", "failed");
      console.error("the diagram library could not be loaded from " + bundle);
    };
    document.head.appendChild(tag);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
