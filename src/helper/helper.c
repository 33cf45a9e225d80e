/* The program the exec and sh modules run: it must cost as little as a
 * program can, so it touches no stdio and returns at once. */
int main(void)
{
	return 0;
}
