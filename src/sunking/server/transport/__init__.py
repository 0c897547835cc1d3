"""The seam between the match service and whoever listens for changes ("match M is now at
version V"): in-process delivery to the sockets, and ``LISTEN/NOTIFY`` between the server
processes on one PostgreSQL database."""
