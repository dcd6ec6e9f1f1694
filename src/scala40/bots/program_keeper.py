"""The keeper of one bot program: a tiny process that starts it and ends its whole tree.

    python -I -S program_keeper.py CONTROL_FD MEMORY_MB FILE_MB -- ARGV...

Run by :mod:`scala40.bots.program_process` as a script (never imported: it uses the
standard library only, so that ``-I -S`` starts it in about 20 ms and 10 MB), with the
program's standard input and output already in place as its own.

Why a keeper process: a program may start children, and a child may leave the program's
process group (``setsid``), be left behind when the program exits, or outlive it as a
daemon. Killing the program's group misses those; walking ``/proc`` for the program's
descendants misses every orphan whose parent already exited, since an orphan's parent
becomes ``init``; a cgroup v2 finds them all but needs a delegated, writable hierarchy,
which a server run by a plain user often lacks (this machine mounts cgroup v1). So the
keeper makes itself a *child subreaper* (Linux ``prctl(PR_SET_CHILD_SUBREAPER)``, no
privilege needed): every orphan of the program's tree, whatever its group or session, is
re-parented to the keeper instead of ``init``. To end the tree, the keeper kills the
program's group (its pgid is the program's pid, held while the keeper leaves the program
unreaped, so it can name no other process), then kills its own children again and again
until it has none: each round's survivors' orphans come to it for the next round. Doing
this in the server itself would make the server reap processes its ``subprocess`` module
waits for; a process of its own per program keeps the server's children simple.

The keeper ends the tree when

* the program exits (a crash, or its input closed at the end of the game): what the
  program started goes with it, so no process outlives its game;
* the server closes the control pipe, or dies (the pipe's write end closes with it);
* it is sent SIGTERM, SIGHUP or SIGINT.

It then exits with the program's own status (a signal's death is passed on as that
signal's), so the server reports the program's exit as before. It is no sandbox: a
program running as the server's user could kill its keeper (or the server); the keeper is
against accidents (leftover children, forgotten daemons), not against hostile programs.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys

PR_SET_CHILD_SUBREAPER = 36
"""Linux's prctl option (since Linux 3.4): orphans of our descendants become our children."""

KILL_ROUNDS = 1000
"""Rounds of killing the keeper's children before it gives up (each round finds the
orphans of the last one's victims; a tree is as many rounds deep as it is tall)."""


def become_subreaper() -> bool:
    """Ask Linux to re-parent the program's orphans to this process (``False``: not Linux,
    or refused; the program's group is still killed)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def children() -> list[int]:
    """The pids whose parent is this process, read from ``/proc`` (empty without it)."""
    me = os.getpid()
    found: list[int] = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return found
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue  # gone meanwhile
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses.
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) > 1 and int(fields[1]) == me:
            found.append(int(name))
    return found


def kill_tree(program: int) -> int | None:
    """Kill the program's group and every process re-parented here; reap them all.
    Returns the program's wait status (``None`` when it was reaped already)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(program, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        os.kill(program, signal.SIGKILL)  # it may have left its own group
    status: int | None = None
    for _ in range(KILL_ROUNDS):
        found = children()
        if not found:
            break
        for pid in found:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for pid in found:
            try:
                _, got = os.waitpid(pid, 0)
            except ChildProcessError:
                continue
            if pid == program:
                status = got
    if status is None:  # /proc could not show it: it was killed above, so it ends now
        with contextlib.suppress(ChildProcessError):
            status = os.waitpid(program, 0)[1]
    while True:  # other children /proc could not show: reap whatever has ended
        try:
            pid, got = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            break
        if pid == program:
            status = got
    return status


def start(argv: list[str], memory_mb: int, file_mb: int) -> int:
    """Fork the program in its own process group under its limits; its pid."""
    import resource

    pid = os.fork()
    if pid == 0:
        try:
            os.setpgid(0, 0)
            size = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (size, size))
            files = file_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_FSIZE, (files, files))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGCHLD):
                signal.signal(number, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, set())
            os.execvp(argv[0], argv)
        except OSError as err:
            os.write(2, f"cannot start {argv[0]!r}: {err.strerror or err}\n".encode())
        finally:
            os._exit(127)
    return pid


def exit_like(status: int | None) -> None:
    """Exit as the program did: its exit code, or death by its signal."""
    if status is None:
        os._exit(0)
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        signal.signal(number, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {number})
        os.kill(os.getpid(), number)
        os._exit(128 + number)
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1)


def main(args: list[str]) -> None:
    if len(args) < 5 or args[3] != "--":
        os.write(2, b"usage: program_keeper.py CONTROL_FD MEMORY_MB FILE_MB -- ARGV...\n")
        os._exit(2)
    control, memory_mb, file_mb = int(args[0]), int(args[1]), int(args[2])
    argv = args[4:]
    os.set_inheritable(control, False)  # the program must not hold the server's pipe
    if not become_subreaper():
        os.write(2, b"program keeper: no subreaper here; only the program's group is killed\n")
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    ending = [False]

    def end(_number: int, _frame: object) -> None:
        ending[0] = True

    for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(number, end)
    signal.signal(signal.SIGCHLD, lambda _n, _f: None)  # wakes the select below
    program = start(argv, memory_mb, file_mb)
    # Only the program holds its pipes now: when it and its tree are gone, the server
    # reads the end of its output at once. The keeper's own stderr stays for its notes.
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    while not ending[0]:
        # An orphan re-parented here that exits is reaped; the program, when it has
        # exited, is left unreaped until its group is killed (its pid names the group).
        exited = False
        while True:
            try:
                info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                info = None
            if info is None:
                break
            if info.si_pid == program:
                exited = True
                break
            with contextlib.suppress(ChildProcessError):
                os.waitpid(info.si_pid, 0)
        if exited:
            break
        try:
            ready, _, _ = select.select([control, wake_r], [], [])
        except InterruptedError:
            continue
        if wake_r in ready:
            with contextlib.suppress(BlockingIOError):
                os.read(wake_r, 512)
        if control in ready and not os.read(control, 512):
            break  # the server closed the pipe, or is gone
    exit_like(kill_tree(program))


if __name__ == "__main__":
    main(sys.argv[1:])
