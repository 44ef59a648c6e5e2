"""The Textual user interface: screens, widgets and board renderers. Rules live elsewhere."""
