// Starts Swagger UI on /docs against the server's own /openapi.json (no CDN, no inline script).
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
});
