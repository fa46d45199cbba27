"""Tests of scripts/check-kits: run as `python3 -m unittest scripts/test_check_kits.py` (.ci/run does)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "check-kits")
ROOT = os.path.dirname(HERE)


def target(name, dependencies=(), kind="regular"):
    return {"name": name, "type": kind, "path": None, "dependencies": list(dependencies)}


def by_name(name):
    return {"byName": [name, None]}


def product(name, package, linux_only=False):
    return {"product": [name, package, None, {"platformNames": ["linux"]} if linux_only else None]}


def linux_target(name):
    return {"target": [name, {"platformNames": ["linux"]}]}


class CheckKitsTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="check-kits-")

    def tearDown(self):
        shutil.rmtree(self.root)

    def write(self, relative, text):
        path = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write(text)

    def run_check(self, targets, root=None, package_json=None):
        if package_json is None:
            package_json = os.path.join(self.root, "package.json")
            with open(package_json, "w") as handle:
                json.dump({"targets": targets}, handle)
        return subprocess.run([sys.executable, SCRIPT, "--package-json", package_json, "--root", root or self.root],
                              capture_output=True, text=True)

    def test_a_kit_on_foundation_grdb_and_another_kit_passes(self):
        self.write("Sources/OrderKit/Order.swift", "import Foundation\nimport GRDB\nimport Amounts\n")
        self.write("Sources/Amounts/Money.swift", "import Foundation\n")
        result = self.run_check([target("OrderKit", [by_name("Amounts"), product("GRDB", "GRDB.swift")]), target("Amounts")])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("Amounts, OrderKit", result.stdout)

    def test_a_planted_nio_import_fails_with_its_file_and_line(self):
        self.write("Sources/ShopKit/Client.swift", "import Foundation\n\n@preconcurrency import NIOCore\n")
        result = self.run_check([target("ShopKit")])
        self.assertEqual(result.returncode, 1)
        self.assertIn("Sources/ShopKit/Client.swift:3: imports NIOCore", result.stderr)

    def test_a_forbidden_product_dependency_fails_even_without_an_import(self):
        self.write("Sources/ShopKit/Client.swift", "import Foundation\n")
        result = self.run_check([target("ShopKit", [product("AsyncHTTPClient", "async-http-client")])])
        self.assertEqual(result.returncode, 1)
        self.assertIn("ShopKit depends on AsyncHTTPClient (async-http-client)", result.stderr)

    def test_a_module_a_kit_depends_on_is_checked_too(self):
        self.write("Sources/ScholarKit/Search.swift", "import Fetch\n")
        self.write("Sources/Fetch/Fetcher.swift", "import AsyncHTTPClient\n")
        result = self.run_check([target("ScholarKit", [by_name("Fetch")]), target("Fetch")])
        self.assertEqual(result.returncode, 1)
        self.assertIn("Sources/Fetch/Fetcher.swift:1: imports AsyncHTTPClient", result.stderr)

    def test_glibc_is_allowed_only_inside_can_import_glibc(self):
        self.write("Sources/BarcodeKit/Clock.swift", "\n".join([
            "#if canImport(Glibc)", "import Glibc", "let a = Glibc.time(nil)",
            "#else", "let b = Glibc.time(nil)", "#endif", "let c = Glibc.clock()", ""]))
        result = self.run_check([target("BarcodeKit")])
        self.assertEqual(result.returncode, 1)
        self.assertIn("Clock.swift:5: calls Glibc outside", result.stderr)
        self.assertIn("Clock.swift:7: calls Glibc outside", result.stderr)
        self.assertNotIn("Clock.swift:2", result.stderr)
        self.assertNotIn("Clock.swift:3", result.stderr)

    def test_linux_only_dependencies_are_the_platform_implementation_and_are_not_followed(self):
        self.write("Sources/Raster/Codec.swift", "#if canImport(RasterLinuxCodecs)\nimport RasterLinuxCodecs\n#endif\n")
        self.write("Sources/RasterLinuxCodecs/PNG.swift", "import CPNG\n")
        passing = self.run_check([
            target("BarcodeKit", [by_name("Raster")]), target("Raster", [linux_target("RasterLinuxCodecs")]),
            target("RasterLinuxCodecs", [by_name("CPNG")]), target("CPNG", kind="system")])
        self.assertEqual(passing.returncode, 0, passing.stderr)
        failing = self.run_check([target("BarcodeKit", [by_name("Raster")]), target("Raster", [by_name("CPNG")]), target("CPNG", kind="system")])
        self.assertEqual(failing.returncode, 1)
        self.assertIn("Raster depends on the system library CPNG", failing.stderr)

    def test_an_import_in_a_comment_is_not_an_import(self):
        self.write("Sources/TicketKit/Note.swift", "import Foundation\n// import NIOCore would be wrong here\n")
        self.assertEqual(self.run_check([target("TicketKit")]).returncode, 0)

    @unittest.skipUnless(shutil.which("swift"), "needs swift to describe the real package")
    def test_the_real_tree_passes_and_fails_once_a_forbidden_import_is_planted(self):
        description = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
        package_json = os.path.join(self.root, "package.json")
        with open(package_json, "w") as handle:
            handle.write(description)
        copy = os.path.join(self.root, "tree")
        shutil.copytree(os.path.join(ROOT, "Sources"), os.path.join(copy, "Sources"))
        self.assertEqual(self.run_check([], root=copy, package_json=package_json).returncode, 0)
        with open(os.path.join(copy, "Sources", "TicketKit", "Planted.swift"), "w") as handle:
            handle.write("import Foundation\nimport Hummingbird\n")
        planted = self.run_check([], root=copy, package_json=package_json)
        self.assertEqual(planted.returncode, 1)
        self.assertIn("Sources/TicketKit/Planted.swift:2: imports Hummingbird", planted.stderr)


if __name__ == "__main__":
    unittest.main()
