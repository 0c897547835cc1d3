"""The community: people follow, invite, mute, block and report each other, and operators
suspend accounts (``docs/community.md``).

- :mod:`.store`: the tables and their storage;
- :mod:`.service`: following, blocking, muting, who is online, the guards of seats and
  chats, invitations by name;
- :mod:`.moderation`: reports checked against their match, and what the operators'
  commands read and do (reports with their context, suspending and restoring).
"""
