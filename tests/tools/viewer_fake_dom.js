// Runs the replay viewer's script (froeschis/framework/viewer.js) in Node against a minimal fake
// DOM, so that its keyboard and link handling are tested without a browser driver
// (tests/tools/test_viewer.py). Reads one JSON object on standard input:
//   {"script": the script's text, "data": the page's JSON text, "pictures": how many,
//    "hash": the location's hash at load, "actions": [{"key": "ArrowRight", "ctrl": false} or
//    {"hash": "#step=2"} or {"slider": "4"}]}
// and prints, as a JSON list, the page after the load and after each action: the step the viewer
// says it shows, the pictures not hidden, the hash, the slider, the heading and the events' texts.
"use strict";

function fakeElement(id) {
  return {
    id: id,
    attributes: {},
    children: [],
    listeners: {},
    hidden: false,
    className: "",
    value: "",
    _text: "",
    get textContent() {
      return this._text + this.children.map(function (c) { return c.textContent; }).join("");
    },
    set textContent(text) { this._text = String(text); this.children = []; },
    setAttribute: function (name, value) { this.attributes[name] = String(value); },
    getAttribute: function (name) { return name in this.attributes ? this.attributes[name] : null; },
    appendChild: function (child) { this.children.push(child); return child; },
    addEventListener: function (type, listener) {
      (this.listeners[type] = this.listeners[type] || []).push(listener);
    },
    dispatch: function (type, event) {
      (this.listeners[type] || []).forEach(function (listener) { listener(event); });
    },
  };
}

function run(input) {
  var byId = {};
  ["viewer", "slider", "position", "heading", "events", "notes", "ending",
   "first", "previous", "next", "last", "froeschis-replay"].forEach(function (id) {
    byId[id] = fakeElement(id);
  });
  byId["froeschis-replay"].textContent = input.data;
  var pictures = [];
  for (var i = 0; i < input.pictures; i++) {
    var figure = fakeElement("");
    figure.setAttribute("data-step", String(i));
    figure.hidden = i !== 0;
    pictures.push(figure);
  }
  var document = fakeElement("document");
  document.getElementById = function (id) { return byId[id] || null; };
  document.querySelectorAll = function (selector) {
    if (selector !== ".picture") throw new Error("unexpected selector " + selector);
    return pictures;
  };
  document.createElement = function (tag) { var made = fakeElement(""); made.tagName = tag; return made; };
  document.createTextNode = function (text) { return { textContent: String(text) }; };
  var window = fakeElement("window");
  var location = { hash: input.hash, replace: function (url) { this.hash = url; } };
  new Function("document", "window", "location", input.script)(document, window, location);

  function seen() {
    return {
      step: byId.viewer.getAttribute("data-step"),
      shown: pictures.filter(function (p) { return !p.hidden; }).map(function (p) { return p.getAttribute("data-step"); }),
      hash: location.hash,
      slider: byId.slider.value,
      heading: byId.heading.textContent,
      events: byId.events.children.map(function (e) { return e.children[0].textContent; }),
      ending: byId.ending.hidden ? null : byId.ending.textContent,
    };
  }
  var states = [seen()];
  input.actions.forEach(function (action) {
    if (action.key) {
      var prevented = false;
      document.dispatch("keydown", {
        key: action.key, ctrlKey: !!action.ctrl, altKey: false, metaKey: false,
        preventDefault: function () { prevented = true; },
      });
    } else if (action.hash) {
      location.hash = action.hash;
      window.dispatch("hashchange", {});
    } else if (action.slider) {
      byId.slider.value = action.slider;
      byId.slider.dispatch("input", {});
    }
    states.push(seen());
  });
  return states;
}

var chunks = [];
process.stdin.on("data", function (chunk) { chunks.push(chunk); });
process.stdin.on("end", function () {
  process.stdout.write(JSON.stringify(run(JSON.parse(Buffer.concat(chunks).toString("utf8")))));
});
