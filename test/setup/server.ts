/**
 * The server tests' setup, run in each test file before its modules. V8 compiles WebAssembly with
 * its baseline compiler only (Liftoff): every test file opens PGlite, whose 9 MB module is
 * compiled anew in each file, and the optimizing compiler's work on its hot functions, redone
 * each time, cost more than it saved (about 1 CPU-s a file). The flag holds for the worker's
 * process from the first file on; the database runs the same, only its code is compiled once.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--liftoff-only');
