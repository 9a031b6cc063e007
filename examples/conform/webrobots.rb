# smolbots conform adapter for Ruby's webrobots (Debian's ruby-webrobots
# 0.1.2), the robots.txt library of Mechanize.
#
# Per case:   smolbots conform -- /usr/bin/ruby webrobots.rb
#             (arguments ROBOTS-FILE AGENT URL; prints allowed or
#             disallowed, exit 0 allowed, 1 disallowed)
# JSON lines: smolbots conform -jsonl -- /usr/bin/ruby webrobots.rb --jsonl
#
# The library refuses URLs that are not http or https and fetches the
# file itself: a small-web crawler using it hands it the case's URL with
# its scheme replaced by http (host, port, path and query kept) and an
# http_get that returns the file. Crawl-delay is ignored, not slept. It
# is given the agent's name, cut at "(".
require 'json'
require 'webrobots'

def allowed(robots, agent, url)
  name = agent.split('(', 2).first.to_s.strip
  http = url.sub(%r{\A[A-Za-z][A-Za-z0-9+.-]*://}, 'http://')
  bots = WebRobots.new(name, http_get: ->(_uri) { robots }, crawl_delay: :ignore)
  bots.allowed?(http)
end

if ARGV == ['--jsonl']
  $stdout.sync = true
  $stdin.each_line do |line|
    c = JSON.parse(line)
    out = begin
      { 'id' => c['id'], 'allowed' => allowed(c['robots'], c['agent'], c['url']) }
    rescue StandardError => e
      { 'id' => c['id'], 'error' => "#{e.class}: #{e.message}" }
    end
    puts JSON.generate(out)
  end
else
  file, agent, url = ARGV
  ok = allowed(File.read(file, mode: 'rb').force_encoding('UTF-8'), agent, url)
  puts(ok ? 'allowed' : 'disallowed')
  exit(ok ? 0 : 1)
end
