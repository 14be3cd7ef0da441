"""The dashboard served by ``weblens serve`` at ``/``: Ask, Read, Search, Stats and Settings on one page.

The page is server-rendered HTML with a few plain JavaScript modules and a style sheet, all files
of this package (``static/``): no build step, no CDN, no external font — it works offline. Page
content is untrusted: the scripts build the DOM from nodes and text only (Markdown included, see
``static/markdown.js``) under a Content-Security-Policy that allows nothing but the server's own
files. With API keys configured the page asks for one and keeps it in the tab's session storage.
"""

from weblens.server.dashboard.routes import install_dashboard

__all__ = ["install_dashboard"]
