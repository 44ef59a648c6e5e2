"""The app's side of a remote session: what an SSH or web connection runs (:mod:`.play`, the app
opening on the shared-tables lobby) and the warm worker that forks those sessions
(:mod:`.warm_worker`). The server side — the table server, the SSH and web front doors, the
protocol client the app talks through — is :mod:`dragon_tui.net`, which never imports the app or
the UI; this package imports them both."""
