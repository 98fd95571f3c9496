#pragma once
// Everything: the decoder, the DOM, the encoder and the encoder's customisation point.
#include "document.hpp"
#include "encode.hpp"
#include "error.hpp"
#include "file.hpp"
#include "handler.hpp"
#include "options.hpp"
#include "parse.hpp"
#include "version.hpp"
#include "writer.hpp"
