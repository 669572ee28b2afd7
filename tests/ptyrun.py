#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""ptyrun.py: run a command on a pseudo-terminal (its stdin, stdout and
stderr) and print what the terminal received, made readable for a golden
file: a carriage return as <CR>, the erase to the end of the line
(ESC [ K) as <EL>, a line end as itself.  How often a progress line is
redrawn depends on the machine's speed, so each run of them (CR, the
line, EL) is shown once, its numbers as N: "<CR>TOOL: N files, N games
done, N games/s<EL>".

    ptyrun.py COMMAND [ARG...]

The exit status is the command's.
"""
import os
import pty
import re
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(sys.argv[1], sys.argv[1:])
    got = b""
    while True:
        try:
            d = os.read(fd, 65536)
        except OSError:
            break
        if not d:
            break
        got += d
    _, status = os.waitpid(pid, 0)
    text = got.decode("utf-8", "replace").replace("\r\n", "\n")
    text = text.replace("\x1b[K", "<EL>").replace("\r", "<CR>")
    line = re.compile(r"<CR>(\w+): \d+ files?, \d+ games? done, "
                      r"\d+ games/s<EL>")
    text = line.sub(r"<CR>\1: N files, N games done, N games/s<EL>", text)
    text = re.sub(r"(<CR>\w+: N files, N games done, N games/s<EL>)\1+",
                  r"\1", text)
    sys.stdout.write(text)
    if text and not text.endswith("\n"):
        sys.stdout.write("\n")
    sys.exit(os.waitstatus_to_exitcode(status))


main()
