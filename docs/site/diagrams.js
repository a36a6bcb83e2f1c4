// The site's own script (TypeDoc's `customJs`), in three parts:
// - diagrams: every mermaid code block of the page is drawn as a diagram, in the browser, for the
//   theme in force, and drawn again when the reader switches the theme (the site's menu or the
//   system's setting). Each diagram is an image with a name, described by a text version made from
//   its own source: the boxes and arrows in reading order (a flowchart) or the messages in order
//   (a sequence diagram). The text version sits under the diagram, folded, with the source.
// - navigation: a folder of the side navigation that is also a page gets its link beside the
//   fold control instead of inside it (a link inside a <summary> is a control inside a control).
// - search: the search index (half a megabyte, which TypeDoc's script unpacks as soon as it has it)
//   is loaded when the reader opens the search, not as every page loads (docs/site/plugin.mjs moves
//   its address to data-src). A search typed while it loads runs once it is read.
// The mermaid bundle is a local file next to this one (copied there by docs/site/plugin.mjs),
// loaded only on pages that have a diagram: no network is needed, and file:// works.
/* global document, window, MutationObserver, Event */
(function workbookSite() {
  "use strict";
  var script = document.currentScript;
  var bundle = script && script.src ? new URL("mermaid.min.js", script.src).href : "assets/mermaid.min.js";
  var figures = [];
  var drawing = Promise.resolve();
  var library = null;

  // ---------------------------------------------------------------------------------------------
  // Diagrams.

  /** The mermaid theme for the site's theme in force: the menu's choice, else the system's. */
  function theme() {
    var chosen = document.documentElement.dataset.theme;
    if (chosen === "dark") return "dark";
    if (chosen === "light") return "default";
    return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "default";
  }

  /** Mermaid's settings for a theme. In the dark theme, edge labels get the page's own colours. */
  function settings(name) {
    var config = { startOnLoad: false, securityLevel: "strict", theme: name };
    if (name === "dark") config.themeVariables = { edgeLabelBackground: "#1e2024", lineColor: "#c8ccd2", textColor: "#f5f5f5" };
    return config;
  }

  /** A label's text: line breaks become "; ", any other markup is dropped. One pass over the label. */
  function plain(label) {
    var text = String(label == null ? "" : label)
      .split(/<br\s*\/?>/i)
      .join("; ");
    var out = "";
    var inTag = false;
    for (var i = 0; i < text.length; i++) {
      var c = text.charAt(i);
      if (c === "<" && /[a-z/!]/i.test(text.charAt(i + 1))) inTag = true;
      else if (c === ">" && inTag) inTag = false;
      else if (!inTag) out += c;
    }
    return out.replace(/\s+/g, " ").trim();
  }

  function quoted(text) {
    return "\u201c" + text + "\u201d";
  }

  var DIRECTIONS = { TB: "top to bottom", TD: "top to bottom", BT: "bottom to top", LR: "left to right", RL: "right to left" };

  /** A flowchart as text: each box in the order the source names it, with the arrows that leave it. */
  function describeFlowchart(db) {
    var vertices = db.getVertices();
    var list =
      vertices instanceof Map
        ? Array.from(vertices.values())
        : Object.keys(vertices).map(function (k) {
            return vertices[k];
          });
    var byId = {};
    list.forEach(function (v) {
      byId[v.id] = v;
    });
    var edges = db.getEdges();
    var name = function (id) {
      var v = byId[id];
      return quoted(plain(v && v.text != null && v.text !== "" ? v.text : id));
    };
    var items = list.map(function (v) {
      var out = edges.filter(function (e) {
        return e.start === v.id;
      });
      // A diamond, or a hexagon (a decision that keeps a top-down diagram short), asks a question.
      var question = v.type === "diamond" || v.type === "question" || v.type === "hexagon";
      var what = name(v.id) + (question ? " (a decision)" : "");
      if (out.length === 0) return what + ": the flow ends here.";
      var labelled = out.some(function (e) {
        return plain(e.text) !== "";
      });
      if (!labelled)
        return (
          what +
          " leads to " +
          out
            .map(function (e) {
              return name(e.end);
            })
            .join(" and to ") +
          "."
        );
      var targets = out.map(function (e) {
        var label = plain(e.text);
        return (label !== "" ? "if " + quoted(label) + ", to " : "otherwise to ") + name(e.end);
      });
      return what + ": " + targets.join("; ") + ".";
    });
    var direction = DIRECTIONS[typeof db.getDirection === "function" ? db.getDirection() : ""] || "";
    return {
      name:
        "Flowchart" +
        (direction ? ", " + direction : "") +
        ", of " +
        list.length +
        " boxes and " +
        edges.length +
        " arrows, starting at " +
        (list[0] ? name(list[0].id) : "nothing"),
      intro: "The boxes in reading order, each with the arrows that leave it:",
      items: items,
    };
  }

  /** A sequence diagram as text: the participants, then every message in order. */
  function describeSequence(db) {
    var actors = db.getActors();
    var names = {};
    var order = [];
    (actors instanceof Map
      ? Array.from(actors.entries())
      : Object.keys(actors).map(function (k) {
          return [k, actors[k]];
        })
    ).forEach(function (entry) {
      var actor = entry[1] || {};
      names[entry[0]] = plain(actor.description || actor.name || entry[0]);
      order.push(names[entry[0]]);
    });
    var messages = db.getMessages().filter(function (m) {
      return m.from != null && m.to != null;
    });
    var items = messages.map(function (m) {
      // Mermaid's dotted arrows (line types 1, 4 and 6) are answers.
      var answer = m.type === 1 || m.type === 4 || m.type === 6;
      return (names[m.from] || m.from) + (answer ? " answers " : " to ") + (names[m.to] || m.to) + ": " + plain(m.message);
    });
    return {
      name: "Sequence diagram of " + messages.length + " messages between " + order.join(", "),
      intro: "The messages in order:",
      items: items,
    };
  }

  /** The text version of one diagram, from mermaid's own reading of its source. */
  function describe(mermaid, source) {
    return mermaid.mermaidAPI.getDiagramFromText(source).then(
      function (diagram) {
        var db = diagram.db;
        if (db && typeof db.getVertices === "function" && typeof db.getEdges === "function") return describeFlowchart(db);
        if (db && typeof db.getActors === "function" && typeof db.getMessages === "function") return describeSequence(db);
        return { name: "Diagram", intro: "", items: [] };
      },
      function () {
        return { name: "Diagram", intro: "", items: [] };
      },
    );
  }

  /** Replaces a code block by a figure: a place for the drawing, and the folded text version. */
  function figureFor(code, index) {
    var source = code.textContent;
    var figure = document.createElement("figure");
    figure.className = "mermaid-figure";
    figure.dataset.drawnFor = "";
    var canvas = document.createElement("div");
    canvas.className = "mermaid-canvas";
    var details = document.createElement("details");
    details.className = "mermaid-text";
    var summary = document.createElement("summary");
    summary.textContent = "The diagram as text";
    var text = document.createElement("div");
    text.id = "diagram-text-" + (index + 1);
    var sourceBlock = document.createElement("pre");
    var sourceCode = document.createElement("code");
    sourceCode.textContent = source;
    sourceBlock.append(sourceCode);
    var sourceLabel = document.createElement("p");
    sourceLabel.textContent = "Its mermaid source:";
    details.append(summary, text, sourceLabel, sourceBlock);
    figure.append(canvas, details);
    code.parentElement.replaceWith(figure);
    return { figure: figure, canvas: canvas, text: text, source: source, description: null };
  }

  /** Writes the text version into the figure. */
  function writeText(entry, description) {
    entry.description = description;
    var parts = [];
    if (description.intro) {
      var intro = document.createElement("p");
      intro.textContent = description.intro;
      parts.push(intro);
    }
    if (description.items.length > 0) {
      var list = document.createElement("ol");
      description.items.forEach(function (item) {
        var li = document.createElement("li");
        li.textContent = item;
        list.append(li);
      });
      parts.push(list);
    }
    entry.text.replaceChildren.apply(entry.text, parts);
    // A diagram drawn before its text was ready (a theme switched at once) gets its name now.
    label(entry);
  }

  /** Gives a drawn SVG its role, name and description; its boxes are then read as one image. */
  function label(entry) {
    var svg = entry.canvas.querySelector("svg");
    if (!svg) return;
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", entry.description ? entry.description.name : "Diagram");
    svg.setAttribute("aria-describedby", entry.text.id);
    svg.removeAttribute("aria-labelledby");
    svg.setAttribute("focusable", "false");
  }

  // TypeDoc hides the page (body display: none) until its own script shows it; mermaid cannot
  // measure text in a hidden page, so a bundle that loads first (from the browser's cache) waits.
  var shown = null;
  function whenShown() {
    if (shown) return shown;
    shown = new Promise(function (resolve) {
      if (document.body.style.display !== "none") return resolve();
      var watcher = new MutationObserver(function () {
        if (document.body.style.display === "none") return;
        watcher.disconnect();
        resolve();
      });
      watcher.observe(document.body, { attributes: true, attributeFilter: ["style"] });
    });
    return shown;
  }

  /** Draws every diagram for the theme in force, unless they already are. */
  function drawAll() {
    drawing = drawing.then(whenShown).then(function () {
      var mermaid = library;
      var name = theme();
      if (
        !mermaid ||
        figures.every(function (e) {
          return e.figure.dataset.drawnFor === name;
        })
      )
        return undefined;
      mermaid.initialize(settings(name));
      var boxes = figures.map(function (entry) {
        var box = document.createElement("div");
        box.className = "mermaid";
        box.textContent = entry.source;
        entry.canvas.replaceChildren(box);
        return box;
      });
      return mermaid.run({ nodes: boxes }).then(
        function () {
          figures.forEach(function (entry) {
            label(entry);
            entry.figure.dataset.drawnFor = name;
          });
          // The page says when its diagrams are done (or failed), for anyone waiting on them.
          document.documentElement.setAttribute("data-diagrams", "drawn");
          // The theme may have changed while drawing.
          if (theme() !== name) drawAll();
        },
        function (error) {
          document.documentElement.setAttribute("data-diagrams", "failed");
          console.error("a diagram could not be drawn:", error);
        },
      );
    });
    return drawing;
  }

  function startDiagrams() {
    var found = Array.prototype.slice.call(document.querySelectorAll("pre > code.mermaid, pre > code.language-mermaid"));
    if (found.length === 0) return;
    figures = found.map(figureFor);
    var tag = document.createElement("script");
    tag.src = bundle;
    tag.onload = function () {
      library = window.mermaid;
      library.initialize(settings(theme()));
      // One diagram read at a time: mermaid keeps one store per kind of diagram.
      var reading = Promise.resolve();
      figures.forEach(function (entry) {
        reading = reading.then(function () {
          return describe(library, entry.source).then(function (description) {
            writeText(entry, description);
          });
        });
      });
      reading.then(drawAll);
    };
    tag.onerror = function () {
      document.documentElement.setAttribute("data-diagrams", "failed");
      console.error("the diagram library could not be loaded from " + bundle);
    };
    document.head.appendChild(tag);
    // The site's theme menu sets data-theme on the root; the system's setting is a media query.
    new MutationObserver(drawAll).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    var media = window.matchMedia("(prefers-color-scheme: dark)");
    if (typeof media.addEventListener === "function") media.addEventListener("change", drawAll);
  }

  // ---------------------------------------------------------------------------------------------
  // Navigation: a link is never inside a <summary>.

  function fixNavigation(root) {
    var summaries = root.querySelectorAll("summary");
    for (var i = 0; i < summaries.length; i++) {
      var summary = summaries[i];
      var link = summary.querySelector("a");
      if (!link) continue;
      var details = summary.parentElement;
      var item = details && details.parentElement;
      if (!item) continue;
      var text = (link.textContent || "").trim();
      summary.setAttribute("aria-label", text + ": pages inside");
      summary.classList.add("workbook-fold");
      item.classList.add("workbook-folder");
      item.insertBefore(link, details);
    }
  }

  function watchNavigation() {
    var container = document.getElementById("tsd-nav-container");
    if (!container) return;
    fixNavigation(container);
    new MutationObserver(function () {
      fixNavigation(container);
    }).observe(container, { childList: true, subtree: true });
  }

  // ---------------------------------------------------------------------------------------------
  // Search: the index is loaded when the reader opens the search.

  /**
   * Loads the search index, once. TypeDoc's status line says the index is being prepared until its
   * script has read it, then empties (or says the index is not available): a search typed
   * meanwhile, which TypeDoc drops while it has no index, is then run again.
   */
  function loadSearchIndex() {
    var tag = document.getElementById("tsd-search-script");
    if (!tag || tag.src || !tag.getAttribute("data-src")) return;
    var status = document.getElementById("tsd-search-status");
    var field = document.getElementById("tsd-search-input");
    if (status) {
      var read = new MutationObserver(function () {
        read.disconnect();
        if (field && field.value.trim() !== "") field.dispatchEvent(new Event("input"));
      });
      read.observe(status, { childList: true, characterData: true, subtree: true });
    }
    tag.src = tag.getAttribute("data-src");
  }

  /** The ways a reader opens the search: the button (pointed at, clicked or focused) and the field, which TypeDoc's keys focus. */
  function watchSearch() {
    var trigger = document.getElementById("tsd-search-trigger");
    var field = document.getElementById("tsd-search-input");
    if (trigger) {
      trigger.addEventListener("pointerenter", loadSearchIndex);
      trigger.addEventListener("focus", loadSearchIndex);
      trigger.addEventListener("click", loadSearchIndex);
    }
    if (field) field.addEventListener("focus", loadSearchIndex);
  }

  function start() {
    startDiagrams();
    watchNavigation();
    watchSearch();
  }

  window.workbookDiagrams = {
    theme: theme,
    drawn: function () {
      return drawing;
    },
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
