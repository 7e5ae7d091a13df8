/* global window, document */
// Internet Explorer cannot run the console; stop here before any module loads. A file of its own, not
// inline in index.html: the Content-Security-Policy runs no inline script.
(function () {
  var ua = window.navigator.userAgent;
  if (!document.documentMode && ua.indexOf('Trident/') < 0 && ua.indexOf('MSIE ') < 0) return;
  document.write(
    '<div id="ie-notice"><div><h1>您的浏览器版本过低</h1>' +
      '<p>车联网风控平台不支持 Internet Explorer。</p>' +
      '<p>请升级到最新版 Chrome、Edge 或 Firefox 后使用。</p></div></div>'
  );
  document.execCommand('Stop');
})();
