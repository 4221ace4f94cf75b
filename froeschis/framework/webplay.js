// Play in the browser (froeschis.framework.webplay serves this script, its page and its API).
// The server holds the game; this script claims the seat, shows what the seat sees (the picture,
// the view in words, the choices as buttons, the events with their clauses) and sends the answers.
// Every text goes into the page as text (textContent); the picture is the server's SVG of the table.
(function () {
  "use strict";
  var KEY = "froeschis-play-token";
  var token = sessionStorage.getItem(KEY);
  var shown = 0; // the entries of the log on the page
  var seat = null;
  var busy = false;
  var $ = function (id) { return document.getElementById(id); };

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  function request(method, path, body) {
    var headers = { "X-Froeschis-Token": token || "" };
    var options = { method: method, headers: headers };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(path, options).then(function (answer) {
      return answer.json().then(function (data) { return { status: answer.status, data: data }; });
    });
  }

  // The sentence as text, the part the clause quotes in <strong>, with its lang.
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

  // A clause: its ID (a link to its section of the rules), its title and its sentences.
  function clause(id, rule, open) {
    var item = element("li", "clause");
    item.setAttribute("data-clause", id);
    var label = element("a", "clause-id", id);
    label.setAttribute("href", rule.href);
    label.setAttribute("target", "_blank");
    var words = element(open ? "div" : "details", "clause-words");
    if (open) {
      item.appendChild(label);
      item.appendChild(document.createTextNode(" (" + rule.title + ")"));
    } else {
      var summary = element("summary");
      summary.appendChild(label);
      summary.appendChild(document.createTextNode(" (" + rule.title + ")"));
      words.appendChild(summary);
    }
    if (rule.sources.length === 0) {
      var statement = element("p", "statement", "(" + rule.kind + ") " + rule.statement);
      statement.setAttribute("lang", "en");
      words.appendChild(statement);
    }
    for (var i = 0; i < rule.sources.length; i++) words.appendChild(sentence(rule.sources[i]));
    item.appendChild(words);
    return item;
  }

  function logEntry(entry, clauses) {
    var item = element("li", "event" + (entry.style ? " " + entry.style : ""));
    item.setAttribute("data-step", String(entry.step));
    item.appendChild(element("span", "what", entry.text));
    if (entry.clauses.length) {
      var list = element("ul", "clauses");
      for (var i = 0; i < entry.clauses.length; i++) {
        var id = entry.clauses[i];
        if (clauses[id]) list.appendChild(clause(id, clauses[id], false));
      }
      item.appendChild(list);
    }
    return item;
  }

  function choose(body) {
    if (busy) return;
    busy = true;
    setButtons(false);
    body.seat = seat;
    body.since = shown;
    request("POST", "/api/act", body).then(function (answer) {
      busy = false;
      if (answer.status === 200) render(answer.data);
      else refuse(answer.data);
    }, failed);
  }

  function setButtons(enabled) {
    var buttons = document.querySelectorAll("#choices button, #typed button");
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = !enabled;
  }

  function refuse(data) {
    setButtons(true);
    var box = $("refusal");
    box.textContent = "";
    box.appendChild(element("p", "why", data.error));
    if (data.clause && data.clauses) {
      var list = element("ul", "clauses");
      list.appendChild(clause(data.clause, data.clauses[data.clause], true));
      box.appendChild(list);
    }
    box.hidden = false;
  }

  function failed(error) {
    busy = false;
    $("status").textContent = "The server does not answer (" + error + "): is 'froeschis play --web' still running?";
    $("play").setAttribute("data-state", "lost");
  }

  function render(view) {
    seat = view.seat;
    var over = view.over !== null;
    var main = $("play");
    main.setAttribute("data-state", over ? "over" : "deciding");
    main.setAttribute("data-steps", String(view.steps));
    var where = view.progress ? view.progress + ": " : "";
    $("status").textContent = over ? "The game is over." : where + "your turn (seat " + view.seat + ").";
    var picture = $("picture");
    picture.innerHTML = view.picture; // the server's own SVG of the table as the seat sees it
    picture.hidden = !view.picture;
    $("view").textContent = view.view.map(function (line) { return line[0]; }).join("\n");
    if (!view.picture) $("words").open = true; // a game that draws no picture: its words are the table
    $("refusal").hidden = true;
    var choices = $("choices");
    choices.textContent = "";
    $("decide").hidden = over;
    if (!over) {
      $("heading").textContent = view.question.heading;
      $("answer").setAttribute("placeholder", view.question.choices[0].key);
      $("answer").setAttribute("title", view.question.accepted);
      view.question.choices.forEach(function (choice) {
        var button = element("button", "choice");
        button.type = "button";
        button.setAttribute("data-key", choice.key);
        button.appendChild(element("span", "key", choice.key));
        button.appendChild(document.createTextNode(" " + choice.text));
        button.addEventListener("click", function () { choose({ action: choice.action }); });
        choices.appendChild(button);
      });
      setButtons(true); // the typed answer's button too, which the answer just sent disabled
    }
    var log = $("log");
    if (view.log_from === 0) { log.textContent = ""; shown = 0; } // the whole log: a new page, another game
    for (var i = 0; i < view.log.length; i++) log.appendChild(logEntry(view.log[i], view.clauses));
    shown = view.log_from + view.log.length;
    $("end").hidden = !over;
    if (over) {
      $("over").textContent = view.over;
      var query = "?token=" + encodeURIComponent(token);
      $("save").setAttribute("href", "/api/record" + query);
      $("save").setAttribute("download", view.game + "-seed" + view.seed + ".json");
      $("replay").setAttribute("href", "/replay" + query);
    }
    log.scrollTop = log.scrollHeight; // the latest events in sight, the page where it was
  }

  function load() {
    request("GET", "/api/table?since=" + shown).then(function (answer) {
      if (answer.status === 200) render(answer.data);
      else if ((answer.status === 401 || answer.status === 403) && !claimed) claim(); // a server restarted
      else $("status").textContent = answer.data.error;
    }, failed);
  }

  var claimed = false;
  function claim() {
    claimed = true;
    request("POST", "/api/seat", {}).then(function (answer) {
      if (answer.status === 201) {
        token = answer.data.token;
        sessionStorage.setItem(KEY, token);
        load();
      } else {
        $("status").textContent = answer.data.error;
        $("play").setAttribute("data-state", "refused");
      }
    }, failed);
  }

  $("typed").addEventListener("submit", function (submitted) {
    submitted.preventDefault();
    var text = $("answer").value;
    $("answer").value = "";
    choose({ answer: text });
  });
  // A choice's key pressed outside the answer box is that choice (d to draw, 3 for the third):
  // keys of one character only, as a number of two digits is typed in the box.
  document.addEventListener("keydown", function (pressed) {
    if (pressed.altKey || pressed.ctrlKey || pressed.metaKey || pressed.key.length !== 1) return;
    if (pressed.target instanceof HTMLInputElement || busy) return;
    var buttons = document.querySelectorAll("#choices button");
    for (var i = 0; i < buttons.length; i++) {
      if (buttons[i].getAttribute("data-key") === pressed.key.toLowerCase() && !buttons[i].disabled) {
        pressed.preventDefault();
        buttons[i].click();
        return;
      }
    }
  });
  $("again").addEventListener("click", function () {
    request("POST", "/api/new", {}).then(function (answer) {
      if (answer.status === 200) render(answer.data);
      else $("status").textContent = answer.data.error;
    }, failed);
  });
  if (token) load();
  else claim();
})();
