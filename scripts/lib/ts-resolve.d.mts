// The resolve hook has no exports: importing it installs it.
export {};
