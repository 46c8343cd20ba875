"""Kaffeehaus: Schnapsen (Bummerl) and Bohemian Schneider, rules engine and computer player.

The JSON boundary is `kaffeehaus.api`; everything else is internal.
"""

__version__ = "0.1.0"
