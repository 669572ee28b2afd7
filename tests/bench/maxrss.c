/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * maxrss.c: run a command and print its peak resident set size in KiB
 * (getrusage of the child), so the benchmark needs no /usr/bin/time.
 * Exits with the command's status.  Part of `make bench` only.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
	struct rusage ru;
	pid_t pid;
	int st;

	if (argc < 2) {
		fputs("usage: maxrss command [arg ...]\n", stderr);
		return 2;
	}
	if ((pid = fork()) < 0) {
		perror("maxrss: fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	if (wait4(pid, &st, 0, &ru) < 0) {
		perror("maxrss: wait4");
		return 2;
	}
	fprintf(stderr, "%ld\n", ru.ru_maxrss);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 2;
}
