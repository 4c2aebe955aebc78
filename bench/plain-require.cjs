"use strict";
// The bundle loaded by a plain require, without bin/hubref's vm.Script and V8
// code cache: the other launcher bench/run.mjs weighs against bin/hubref.
require("../dist/bundle/main.cjs");
