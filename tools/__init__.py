"""Developer tools of the teachkit course (not shipped in the package): notebook execution, prose-number scan."""
