"""Bot moves, hints and reviews computed away from the event loop, in worker processes, and the
fair queue that shares the workers among the clients."""
