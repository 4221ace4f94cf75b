// The replay viewer's steps (froeschis.framework.viewer writes the page around it).
// The page carries every step's picture (hidden but the current one) and, as JSON, every step's
// words and clauses; this script shows one step: its picture, its heading, its events with their
// clauses linked to the rules and the clauses' source sentences, each with its lang. Every text
// goes into the page as text (textContent, createTextNode), never as markup.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("froeschis-replay").textContent);
  var last = data.steps.length - 1;
  var viewer = document.getElementById("viewer");
  var slider = document.getElementById("slider");
  var pictures = document.querySelectorAll(".picture");
  var current = -1;

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  // The sentence as text, the part the clause quotes in <strong>.
  function sentence(source) {
    var block = element("blockquote", "source");
    block.setAttribute("lang", source.lang);
    block.appendChild(element("span", "anchor", source.anchor + " "));
    var at = source.quote ? source.sentence.indexOf(source.quote) : -1;
    if (at < 0) {
      block.appendChild(document.createTextNode(source.sentence));
    } else {
      block.appendChild(document.createTextNode(source.sentence.slice(0, at)));
      block.appendChild(element("strong", "", source.quote));
      block.appendChild(document.createTextNode(source.sentence.slice(at + source.quote.length)));
    }
    if (source.gloss) {
      var gloss = element("span", "gloss", " [" + source.gloss + "]");
      gloss.setAttribute("lang", "en");
      block.appendChild(gloss);
    }
    return block;
  }

  function clause(id) {
    var rule = data.clauses[id];
    var item = element("li", "clause");
    item.setAttribute("data-clause", id);
    var link = element("a", "clause-id", id);
    link.setAttribute("href", rule.href);
    item.appendChild(link);
    item.appendChild(document.createTextNode(" (" + rule.title + ")"));
    if (rule.sources.length === 0) {
      var statement = element("p", "statement", "(" + rule.kind + ") " + rule.statement);
      statement.setAttribute("lang", "en");
      item.appendChild(statement);
    }
    for (var i = 0; i < rule.sources.length; i++) item.appendChild(sentence(rule.sources[i]));
    return item;
  }

  function event(happened) {
    var item = element("li", "event");
    item.appendChild(element("p", "what", happened.text));
    var clauses = element("ul", "clauses");
    for (var i = 0; i < happened.clauses.length; i++) clauses.appendChild(clause(happened.clauses[i]));
    item.appendChild(clauses);
    return item;
  }

  function fill(id, items, make) {
    var list = document.getElementById(id);
    list.textContent = "";
    for (var i = 0; i < items.length; i++) list.appendChild(make(items[i]));
  }

  function show(number) {
    var step = Math.max(0, Math.min(last, number));
    if (step === current) return;
    current = step;
    var shown = data.steps[step];
    for (var i = 0; i < pictures.length; i++) {
      pictures[i].hidden = pictures[i].getAttribute("data-step") !== String(step);
    }
    viewer.setAttribute("data-step", String(step));
    slider.value = String(step);
    document.getElementById("position").textContent = "Step " + step + " of " + last;
    document.getElementById("heading").textContent = step === 0 ? shown.heading : step + ". " + shown.heading;
    fill("events", shown.events, event);
    fill("notes", shown.notes, function (note) { return element("li", "note", note); });
    var ending = document.getElementById("ending");
    ending.hidden = step !== last;
    ending.textContent = data.ending;
    if (location.hash !== "#step=" + step) location.replace("#step=" + step);
  }

  // The step a link names (#step=17), or null for none.
  function linked(hash) {
    var found = /^#step=(\d+)$/.exec(hash);
    return found ? parseInt(found[1], 10) : null;
  }

  var moves = {
    ArrowLeft: function () { return current - 1; },
    ArrowRight: function () { return current + 1; },
    Home: function () { return 0; },
    End: function () { return last; },
  };

  document.addEventListener("keydown", function (pressed) {
    var move = moves[pressed.key];
    if (!move || pressed.altKey || pressed.ctrlKey || pressed.metaKey) return;
    pressed.preventDefault(); // also on the slider, which would move a second time
    show(move());
  });
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("previous").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(last); });
  window.addEventListener("hashchange", function () {
    var step = linked(location.hash);
    if (step !== null) show(step);
    else location.replace("#step=" + current); // a link to no step: the step shown stays, and its link
  });
  var start = linked(location.hash);
  show(start === null ? 0 : start);
})();
