/* Dragon TUI's page around textual-serve's terminal (textual.js, loaded after this).

   Loaded first, it watches the websocket textual.js opens (a WebSocket that notes what
   happens to it) to say why a session ended, shows the server's notices, puts the keyboard
   in the terminal as soon as the game appears, lets ctrl+v paste, and keeps a click that only
   brings the focus back from acting on the game. */
(function () {
  "use strict";

  var NativeWebSocket = window.WebSocket;
  var opened = false;
  var explained = false;
  var socketUrl = null;
  var focusedAt = 0;
  var swallowMouseUp = false;

  function terminalInput() {
    return document.querySelector("#terminal .xterm-helper-textarea");
  }

  function say(text) {
    var message = document.querySelector(".closed-dialog .message");
    if (message) {
      message.textContent = text;
    }
    document.body.dataset.ended = text;
  }

  function notice(text) {
    var box = document.getElementById("dragon-notice");
    box.textContent = text;
    box.hidden = false;
  }

  /* Why the server refused or dropped us: it answers from the same checks the websocket
     met. A POST carries the page's Origin, so the address check is the websocket's own. */
  function askWhy(fallback) {
    var url = socketUrl.replace(/^ws/, "http").split("?")[0] + "/why";
    fetch(url, { method: "POST", cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (answer) { say(answer && answer.reason ? answer.reason : fallback); })
      .catch(function () {
        say("The server is not answering: it has stopped, or is restarting. Press Restart in a moment.");
      });
  }

  function ended(event) {
    if (explained) {
      return;
    }
    explained = true;
    if (event.reason) {
      say(event.reason);  /* the server said why: quit, restart, stop */
    } else if (!opened) {
      askWhy("The game could not be opened.");
    } else {
      askWhy("The connection to the server was lost.");
    }
  }

  function DragonWebSocket(url, protocols) {
    var socket = protocols === undefined ? new NativeWebSocket(url) : new NativeWebSocket(url, protocols);
    socketUrl = url;
    socket.addEventListener("open", function () {
      opened = true;
      /* The game starts out of focus (so its footer is empty) and hears of a focus only when
         the terminal gains it; it may have gained it before the socket could say so. */
      setTimeout(function () {
        focusTerminal();
        if (document.activeElement === terminalInput() && socket.readyState === NativeWebSocket.OPEN) {
          socket.send(JSON.stringify(["focus"]));
        }
      }, 0);
    });
    socket.addEventListener("close", ended);
    socket.addEventListener("message", function (event) {
      if (typeof event.data === "string" && event.data.indexOf('["dragon"') === 0) {
        try {
          var packet = JSON.parse(event.data)[1];
          if (packet && typeof packet.notice === "string") {
            notice(packet.notice);
          }
        } catch (error) { /* not ours after all */ }
      }
    });
    return socket;
  }
  DragonWebSocket.prototype = NativeWebSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    DragonWebSocket[name] = NativeWebSocket[name];
  });
  window.WebSocket = DragonWebSocket;

  function focusTerminal() {
    var input = terminalInput();
    if (input && document.activeElement !== input) {
      input.focus();
    }
    focusedAt = Date.now();
  }

  /* A click that only brings the focus back (the page or the window had lost it) gives the
     focus and nothing else: the game never sees it, so it cannot roll the dice. */
  window.addEventListener("focus", function () { focusedAt = Date.now(); }, true);
  window.addEventListener("mousedown", function (event) {
    var input = terminalInput();
    if (!input || !event.target.closest || !event.target.closest("#terminal")) {
      return;
    }
    var returning = document.activeElement !== input || Date.now() - focusedAt < 300;
    if (returning) {
      event.preventDefault();
      event.stopImmediatePropagation();
      swallowMouseUp = true;
      focusTerminal();
    }
  }, true);
  window.addEventListener("mouseup", function (event) {
    if (swallowMouseUp) {
      swallowMouseUp = false;
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
  window.addEventListener("blur", function () { focusedAt = 0; });

  /* ctrl+v (and shift+ctrl+v): the browser's own paste, which the terminal hands to the game
     as pasted text, instead of the terminal's ^V. */
  window.addEventListener("keydown", function (event) {
    var key = (event.key || "").toLowerCase();
    if ((event.ctrlKey || event.metaKey) && !event.altKey && key === "v") {
      event.stopImmediatePropagation();
    }
  }, true);

  window.addEventListener("load", function () {
    /* textual.js measured the terminal's cells; once the shipped font is in, measure again */
    if (document.fonts && document.fonts.ready) {
      document.fonts.ready.then(function () { window.dispatchEvent(new Event("resize")); });
    }
    focusTerminal();
  });
})();
