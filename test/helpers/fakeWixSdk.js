/*
 * A faithful fake of the platform's legacy iframe SDK (global `Wix`), as far as this project uses
 * it, speaking the SDK's message protocol with its host (shared/platform-notes.md, "The messages
 * between SDK and host"). Served in place of the real wix.min.js in browser tests.
 *
 * - Frame → parent: parent.postMessage(JSON.stringify({intent:'TPA2', callId, type, compId,
 *   deviceType, namespace, version, data}), '*'); callId counts up from 1.
 * - Host → frame: JSON strings only (anything else is dropped; the origin is not checked):
 *   {intent:'TPA_RESPONSE', callId, type, res, status:true} or
 *   {intent:'addEventListener', eventType, params}.
 * - Start-up: appIsAlive; style getters answer only once the host has answered it.
 * - An unknown event name throws a string, as the real SDK does.
 */
/* global window, URLSearchParams */
(function () {
  var VERSION = '1.300.0-fake';
  var query = new URLSearchParams(window.location.search);
  var callId = 0;
  var pending = {};
  var listeners = {};
  var nextListenerId = 1;
  var startup = null;
  var afterStartup = [];
  var hostViewMode = null;
  var EVENTS = {
    SETTINGS_UPDATED: 'SETTINGS_UPDATED',
    COMPONENT_DELETED: 'COMPONENT_DELETED',
    EDIT_MODE_CHANGE: 'EDIT_MODE_CHANGE',
    SITE_PUBLISHED: 'SITE_PUBLISHED',
    STYLE_PARAMS_CHANGE: 'STYLE_PARAMS_CHANGE',
    DEVICE_TYPE_CHANGED: 'DEVICE_TYPE_CHANGED',
  };

  function send(type, namespace, data, onReply) {
    callId += 1;
    if (onReply) pending[callId] = onReply;
    window.parent.postMessage(
      JSON.stringify({
        intent: 'TPA2',
        callId: callId,
        type: type,
        compId: query.get('compId'),
        deviceType: query.get('deviceType') || 'desktop',
        namespace: namespace,
        version: VERSION,
        data: data,
      }),
      '*',
    );
  }

  window.addEventListener('message', function (event) {
    if (typeof event.data !== 'string') return;
    var m;
    try {
      m = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!m || typeof m !== 'object') return;
    if (m.intent === 'TPA_RESPONSE' && pending[m.callId]) {
      var reply = pending[m.callId];
      delete pending[m.callId];
      reply(m.res);
    } else if (m.intent === 'addEventListener') {
      if (m.eventType === 'EDIT_MODE_CHANGE' && m.params) hostViewMode = m.params.editMode;
      var list = listeners[m.eventType] || [];
      for (var i = 0; i < list.length; i++) list[i].cb(m.params);
    }
  });

  function whenStarted(run) {
    if (startup) run(startup);
    else afterStartup.push(run);
  }

  send('appIsAlive', '', { version: VERSION }, function (res) {
    startup = res || {};
    var queued = afterStartup;
    afterStartup = [];
    for (var i = 0; i < queued.length; i++) queued[i](startup);
  });

  function isKnown(name) {
    for (var key in EVENTS) if (EVENTS[key] === name) return true;
    return false;
  }

  window.Wix = {
    Events: EVENTS,
    addEventListener: function (eventName, cb) {
      if (!isKnown(eventName)) throw 'Unsupported event name, ' + eventName;
      var id = nextListenerId++;
      (listeners[eventName] = listeners[eventName] || []).push({ id: id, cb: cb });
      send('registerEventListener', '', { eventKey: eventName });
      return id;
    },
    removeEventListener: function (eventName, cbOrId) {
      listeners[eventName] = (listeners[eventName] || []).filter(function (l) {
        return l.id !== cbOrId && l.cb !== cbOrId;
      });
    },
    /** The real SDK sends `heightChanged`; the host sizes the component's frame. */
    setHeight: function (height) {
      send('heightChanged', '', { height: height, overflow: false });
    },
    Settings: {
      triggerSettingsUpdatedEvent: function (message, compId) {
        send('postMessage', 'Settings', { message: message, compId: compId });
      },
    },
    Styles: {
      getSiteTextPresets: function (cb) {
        whenStarted(function (s) {
          cb(s.siteTextPresets);
        });
      },
      getSiteColors: function (cb) {
        whenStarted(function (s) {
          cb(s.siteColors);
        });
      },
    },
    Utils: {
      getCompId: function () {
        return query.get('compId');
      },
      getOrigCompId: function () {
        return query.get('origCompId');
      },
      getLocale: function () {
        return query.get('locale');
      },
      getViewMode: function () {
        if (window.parent === window) return 'standalone';
        return hostViewMode || query.get('viewMode') || 'site';
      },
    },
  };
})();
