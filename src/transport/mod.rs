//! Transports: how frames reach the protocol core. Only `stdio` touches the process's stdin/stdout.

pub mod stdio;
