"""Accounts: a person's name on sunking (``docs/accounts.md``).

- :mod:`.names`: handles, addresses, passwords and secrets, checked and hashed;
- :mod:`.schema` and :mod:`.store`: the tables and their storage;
- :mod:`.service`: sign up, verify, sign in, reset, recover;
- :mod:`.sessions`: the session cookie and the CSRF check;
- :mod:`.passkeys`: the WebAuthn ceremonies.

Guests play without an account: nothing of a match needs one.
"""
