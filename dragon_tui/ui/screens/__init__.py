"""Screens: menu, setup, the shared game screen, help, game over, files, replay, dialogs."""
