/* The program the exec and sh modules run: it must cost as little as a
 * program can, so it touches no stdio and returns at once.  Given one
 * argument (a token), it answers "osbench-helper VERSION TOKEN" on
 * standard output instead: that is how a run proves the program it times
 * is this build's helper, and that a shell really ran it. */
#include <string.h>
#include <unistd.h>

static int answer(const char *token)
{
	static const char who[] = "osbench-helper " OSBENCH_VERSION " ";
	size_t n = strlen(token);

	if (write(STDOUT_FILENO, who, sizeof who - 1) != (ssize_t)(sizeof who - 1) ||
	    write(STDOUT_FILENO, token, n) != (ssize_t)n || write(STDOUT_FILENO, "\n", 1) != 1)
		return 1;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2)
		return answer(argv[1]);
	return 0;
}
