"""Play across terminals: the SSH and web servers, and shared tables.

``ssh.py`` and ``web.py`` start one app process per connection; ``tables.py`` holds the
authoritative shared tables in the serve process and talks JSON lines over a Unix socket to
``client.py`` (``RemoteTable``) inside each app. Nothing here but ``play.py`` and the lobby
screen imports Textual.
"""
