#pragma once
// Everything: the parser, the DOM, typed decoding, the encoder and their
// customisation points.
#include "decoder.hpp"
#include "describe.hpp"
#include "document.hpp"
#include "encode.hpp"
#include "error.hpp"
#include "file.hpp"
#include "handler.hpp"
#include "options.hpp"
#include "parse.hpp"
#include "version.hpp"
#include "writer.hpp"
