"""Helpers the test modules share, importable from any of them (``tests`` is on pytest's
``pythonpath``): ``from support.conformance_fakes import FAKE``."""
