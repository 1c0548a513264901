"""Reading DRS files, one stage per module (docs/architecture.md, "Reading"); ``load``/``loads``
(``dscorer_core.interface``) are its front door.

1. ``files``: the checks on an input file (it exists, a regular file, at most MAX_FILE_BYTES);
   ``binary``: a binary file told from text before it is read.
2. ``decode``: bytes (a file's, standard input's) to text, or an error naming FILE:LINE:COL.
3. ``detect``: the notation of a text (``clf``, ``sbn``, ``sbn-lines``).
4. ``clause_text``: clause text to DRSs; ``sbn_text``: SBN text (multi-line or one per line) to SBNs.
5. ``drs_files``: the whole of it for a file, a text or bytes (``read_drs_bytes``: the app's files);
   ``chunks``: the same files as streams of pieces cut at DRS boundaries (the cluster's reading).

The modules are imported by name (``from dscorer_core.reading.clause_text import parse_clf``); this
package imports none of them, so that reading a clause file never loads the SBN reader.
"""
