#!/usr/bin/perl
# smolbots conform adapter for Perl's WWW::RobotRules (Debian's
# libwww-robotrules-perl 6.02), the rules module of LWP::RobotUA.
#
# Per case:   smolbots conform -- /usr/bin/perl robotrules.pl
#             (arguments ROBOTS-FILE AGENT URL; prints allowed or
#             disallowed, exit 0 allowed, 1 disallowed)
# JSON lines: smolbots conform -jsonl -- /usr/bin/perl robotrules.pl --jsonl
#
# The module answers "allowed" for every URL that is not http or https,
# so a small-web crawler using it must hand it an http URL: the case's
# URL is given with its scheme replaced by http (host, port, path and
# query kept), and the file as that host's /robots.txt. It is given the
# agent's name, cut at "(" (the module itself cuts at "/").
use strict;
use warnings;
use Encode ();
use JSON::PP;
use WWW::RobotRules;

sub as_http {
    my ($url) = @_;
    $url =~ s{^[A-Za-z][A-Za-z0-9+.-]*://}{http://};
    return $url;
}

sub allowed {
    my ($robots, $agent, $url) = @_;
    (my $name = $agent) =~ s/\(.*//s;
    $name =~ s/^\s+|\s+$//g;
    my $http = as_http($url);
    my $rules = WWW::RobotRules->new($name);
    my $uri = URI->new($http);
    $rules->parse(URI->new_abs('/robots.txt', $uri)->as_string, $robots);
    return $rules->allowed($http) ? 1 : 0;
}

if (@ARGV && $ARGV[0] eq '--jsonl') {
    my $json = JSON::PP->new->canonical;
    binmode STDIN, ':encoding(UTF-8)';
    binmode STDOUT, ':encoding(UTF-8)';
    $| = 1;
    while (my $line = <STDIN>) {
        my $c = JSON::PP->new->decode($line);
        my $ok = eval { allowed($c->{robots}, $c->{agent}, $c->{url}) };
        if (defined $ok) {
            print $json->encode({ id => $c->{id}, allowed => $ok ? JSON::PP::true : JSON::PP::false }), "\n";
        } else {
            (my $err = $@) =~ s/\s+$//;
            print $json->encode({ id => $c->{id}, error => $err }), "\n";
        }
    }
    exit 0;
}
@ARGV == 3 or die "usage: robotrules.pl ROBOTS-FILE AGENT URL\n";
my ($file, $agent, $url) = @ARGV;
open(my $fh, '<:raw', $file) or die "$file: $!\n";
# as LWP hands a fetched file to the module: decoded text
my $robots = Encode::decode('UTF-8', do { local $/; <$fh> });
my $ok = allowed($robots, $agent, $url);
print $ok ? "allowed\n" : "disallowed\n";
exit($ok ? 0 : 1);
