"""One running bot program: started under its keeper, and stopped with everything it began.

Why a module of its own: :mod:`scala40.bots.program` speaks the protocol; this is the
operating system's side — the pipes, the limits, the last words on standard error, and an
end that leaves no process behind. The program runs under a keeper process
(:mod:`scala40.bots.program_keeper`, whose docstring says why that and not a process group,
a ``/proc`` walk or a cgroup): the server starts the keeper, the keeper starts the
program, and ending the program — closing its input, a short wait, then closing the
keeper's control pipe — ends its whole tree, even children that left its session, even
when the program itself exited long before. A server that dies closes the control pipe
too, so its programs end with it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Final

from scala40.bots.program_stderr import StderrTail

KEEPER: Final = Path(__file__).with_name("program_keeper.py")
"""The keeper script, run by path with ``python -I -S`` (standard library only)."""

FILE_MB: Final = 64
"""The largest file the program may write (``RLIMIT_FSIZE``)."""

CLOSE_WAIT_S: Final = 0.5
"""How long a program has to exit by itself once its input is closed."""

KILL_WAIT_S: Final = 5.0
"""How long the keeper has to kill the tree once told; past it the keeper is killed (a
bug: logged by the caller through :attr:`ProgramProcess.forced`)."""


class ProgramProcess:
    """A program started under its keeper, with its pipes; :meth:`stop` ends its tree."""

    def __init__(self, argv: list[str], memory_mb: int, name: str) -> None:
        """Start ``argv`` (``OSError`` when even the keeper cannot start; a program that
        cannot be found is the keeper's exit status 127, with the reason on stderr)."""
        control_r, control_w = os.pipe()
        try:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-I",
                    "-S",
                    str(KEEPER),
                    str(control_r),
                    str(memory_mb),
                    str(FILE_MB),
                    "--",
                    *argv,
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                pass_fds=(control_r,),
                start_new_session=True,  # no terminal's Ctrl-C reaches it: the server ends it
                close_fds=True,
            )
        except OSError:
            os.close(control_w)
            raise
        finally:
            os.close(control_r)
        self._control: int | None = control_w
        assert self.proc.stdin is not None and self.proc.stdout is not None
        assert self.proc.stderr is not None
        self.stdin = self.proc.stdin.fileno()
        self.stdout = self.proc.stdout.fileno()
        os.set_blocking(self.stdin, False)
        self.stderr = StderrTail(os.dup(self.proc.stderr.fileno()), f"{name}-stderr")
        self.proc.stderr.close()
        self.forced = False
        """The keeper did not end in time and was killed (its tree may have outlived it)."""
        self.stopped = False

    @property
    def pid(self) -> int:
        """The keeper's pid (the program is its child)."""
        return self.proc.pid

    def status(self, timeout: float) -> int | None:
        """The program's exit status as ``Popen.returncode`` reads it (a negative signal
        number for a death by signal), waiting up to ``timeout``; ``None``: still running."""
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def last_words(self, limit: int) -> str:
        """The end of what the program wrote to its standard error, at most ``limit``
        characters (its pipe is read to its end first, when it is closing)."""
        self.stderr.wait_closed(0.5)
        return self.stderr.text().strip()[-limit:]

    def new_stderr(self) -> tuple[str, int]:
        """Standard error written since the last call (:meth:`StderrTail.take_new`)."""
        return self.stderr.take_new()

    def stop(self) -> None:
        """End the program and its whole tree; reap the keeper. Idempotent."""
        if self.stopped:
            return
        self.stopped = True
        proc = self.proc
        with contextlib.suppress(OSError):
            if proc.stdin is not None:
                proc.stdin.close()  # the program's cue to exit by itself
        self.status(CLOSE_WAIT_S)
        if self._control is not None:
            os.close(self._control)  # the keeper's cue to kill whatever is left
            self._control = None
        if self.status(KILL_WAIT_S) is None:
            self.forced = True
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
        self.stderr.wait_closed(1.0)
