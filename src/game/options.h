/* options: shoal's command line into GameOptions. */
#ifndef SHOAL_OPTIONS_H
#define SHOAL_OPTIONS_H

#include "app.h"

/* Fill o from argv. Returns -1 to go on, else the exit code: 0 after
 * --help or --version (printed to stdout), 2 after one line on stderr
 * naming a bad flag. */
int options_parse(int argc, char **argv, GameOptions *o);

#endif
