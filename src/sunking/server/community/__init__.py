"""The community: people follow, invite, mute, block and report each other, and operators
suspend accounts (``docs/community.md``).

- :mod:`.schema` and :mod:`.store`: the tables and their storage;
- :mod:`.service`: following, blocking, muting, who is online, the guards of seats and chats;
- :mod:`.moderation`: reports and invitations by name, checked against their match;
- :mod:`.admin`: what the operators' commands read and do.
"""
