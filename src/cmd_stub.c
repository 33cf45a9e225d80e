/* Commands whose issues are still open. */
#include <stdio.h>

#include "commands.h"
